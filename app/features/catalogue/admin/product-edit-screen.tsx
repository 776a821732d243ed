import { can } from "@shared/access";
import { useEffect } from "react";
import { useParams } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useAlert } from "~/components/ui/dialog";
import { useCategories } from "~/features/categories/admin/api";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { ApiError } from "~/lib/admin/api";
import { alertErrors } from "~/lib/admin/mutation";
import { useProduct, useSaveProduct } from "./api";
import { PreviewButton } from "./preview-button";
import { ProductDocumentsSection } from "./product-documents-section";
import { ProductForm } from "./product-form";
import { productInput } from "./product-payload";
import { CATALOGUE_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(CATALOGUE_TEXTS, BACK_OFFICE_LANG, "edit.title"));
export const handle: AdminHandle = {
  title: (_, role) => translate(CATALOGUE_TEXTS, BACK_OFFICE_LANG, can(role, "product", "update") ? "edit.title" : "view.title"),
};

export default function ProductEdit() {
  const { id = "" } = useParams();
  const categories = useCategories();
  const product = useProduct(id);
  const t = useTexts(CATALOGUE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  // A role that reads products but may not change them sees this screen read-only (decision 0114).
  const editable = useCan("product")("update");
  const { alert, element } = useAlert(common("errorTitle"));
  const save = useSaveProduct(alertErrors(alert), id);

  useEffect(() => {
    // docs/product.md, "Produits": product load errors are only logged.
    if (product.error) console.error(product.error);
  }, [product.error]);

  if (product.isPending || categories.isPending) return <Loading label={common("loading")} />;
  if (product.isError || categories.isError) {
    const notFound = product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
    return (
      <Card className="space-y-4 p-8 text-center">
        {notFound ? <p className="text-navy">{t("form.notFound")}</p> : <LoadError message={t("form.loadError")} />}
        <ButtonLink to="/admin/products" variant="secondary">
          {t("form.back")}
        </ButtonLink>
      </Card>
    );
  }
  return (
    <>
      {/* Keyed by id only: a background refetch must never replace what the admin is typing. */}
      {editable && (
        <div className="mb-4">
          <PreviewButton product={product.data} />
        </div>
      )}
      <ProductForm
        readOnly={!editable}
        key={product.data._id}
        mode="edit"
        initial={productInput(product.data)}
        categories={categories.data}
        onSubmit={(data) => save.mutate(data)}
        saving={save.isPending}
        saveError={save.error}
        onReloaded={save.reset}
        alert={alert}
        documents={<ProductDocumentsSection productId={product.data._id} />}
        productId={product.data._id}
      />
      {element}
    </>
  );
}
