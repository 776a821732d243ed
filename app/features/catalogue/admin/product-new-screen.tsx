import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { useAlert } from "~/components/ui/dialog";
import { useCategories } from "~/features/categories/admin/api";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { alertErrors } from "~/lib/admin/mutation";
import { useSaveProduct } from "./api";
import { ProductDocumentsLater } from "./product-documents-section";
import { EMPTY_PRODUCT, ProductForm } from "./product-form";
import { CATALOGUE_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(CATALOGUE_TEXTS, BACK_OFFICE_LANG, "new.title"));
export const handle: AdminHandle = { title: translate(CATALOGUE_TEXTS, BACK_OFFICE_LANG, "new.title") };

export default function ProductNew() {
  const categories = useCategories();
  const t = useTexts(CATALOGUE_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const { alert, element } = useAlert(common("errorTitle"));
  const save = useSaveProduct(alertErrors(alert));

  if (categories.isPending) return <Loading label={common("loading")} />;
  if (categories.isError) return <LoadError message={t("form.loadError")} />;
  return (
    <>
      <ProductForm
        mode="create"
        initial={EMPTY_PRODUCT}
        categories={categories.data}
        onSubmit={(data) => save.mutate(data)}
        saving={save.isPending}
        alert={alert}
        documents={<ProductDocumentsLater />}
      />
      {element}
    </>
  );
}
