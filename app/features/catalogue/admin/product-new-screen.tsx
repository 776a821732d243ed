import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { useAlert } from "~/components/ui/dialog";
import { PRODUCT_FORM_TEXTS } from "~/features/catalogue/admin/texts";
import { useCategories } from "~/features/categories/admin/api";
import { COMMON_TEXTS, PAGE_TITLES } from "~/i18n/admin/texts";
import { alertErrors } from "~/lib/admin/mutation";
import { useSaveProduct } from "./api";
import { EMPTY_PRODUCT, ProductForm } from "./product-form";

export const meta = () => adminMeta(PAGE_TITLES.productNew);
export const handle: AdminHandle = { title: PAGE_TITLES.productNew };

export default function ProductNew() {
  const categories = useCategories();
  const { alert, element } = useAlert(COMMON_TEXTS.errorTitle);
  const save = useSaveProduct(alertErrors(alert));

  if (categories.isPending) return <Loading label={COMMON_TEXTS.loading} />;
  if (categories.isError) return <LoadError message={PRODUCT_FORM_TEXTS.loadError} />;
  return (
    <>
      <ProductForm
        mode="create"
        initial={EMPTY_PRODUCT}
        categories={categories.data}
        onSubmit={(data) => save.mutate(data)}
        saving={save.isPending}
        alert={alert}
      />
      {element}
    </>
  );
}
