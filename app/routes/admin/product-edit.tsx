import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { PreviewButton } from "~/components/admin/preview-button";
import { ProductForm } from "~/components/admin/product-form";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useAlert } from "~/components/ui/dialog";
import { COMMON_TEXTS, PAGE_TITLES, PRODUCT_FORM_TEXTS as T } from "~/i18n/admin/texts";
import { ApiError, api } from "~/lib/admin/api";
import { productInput } from "~/lib/admin/product-payload";
import { useCategories } from "~/lib/admin/queries";
import { queryKeys } from "~/lib/admin/query-keys";
import { useSaveProduct } from "~/lib/admin/use-save-product";
import type { Product } from "../../../shared/schemas/product";

export const meta = () => adminMeta(PAGE_TITLES.productEdit);
export const handle: AdminHandle = { title: PAGE_TITLES.productEdit };

export default function ProductEdit() {
  const { id = "" } = useParams();
  const categories = useCategories();
  const product = useQuery({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) => api.get<Product>(`/products/id/${id}`, signal),
    staleTime: 0,
  });
  const { alert, element } = useAlert(COMMON_TEXTS.errorTitle);
  const save = useSaveProduct(alert, id);

  useEffect(() => {
    // SPEC §8: product load errors are only logged.
    if (product.error) console.error(product.error);
  }, [product.error]);

  if (product.isPending || categories.isPending) return <Loading label={COMMON_TEXTS.loading} />;
  if (product.isError || categories.isError) {
    const notFound = product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
    return (
      <Card className="space-y-4 p-8 text-center">
        {notFound ? <p className="text-navy">{T.notFound}</p> : <LoadError message={T.loadError} />}
        <ButtonLink to="/admin/products" variant="secondary">
          {T.back}
        </ButtonLink>
      </Card>
    );
  }
  return (
    <>
      <div className="mb-4">
        <PreviewButton product={product.data} />
      </div>
      <ProductForm
        key={product.data._id}
        mode="edit"
        initial={productInput(product.data)}
        categories={categories.data}
        onSubmit={save}
        alert={alert}
      />
      {element}
    </>
  );
}
