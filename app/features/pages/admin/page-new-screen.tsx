import type { AdminHandle } from "~/components/admin/admin-shell";
import { adminMeta } from "~/components/admin/meta";
import { useAlert } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { alertErrors } from "~/lib/admin/mutation";
import { useSaveSitePage } from "./api";
import { EMPTY_SITE_PAGE, PageForm } from "./page-form";
import { PAGES_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(PAGES_TEXTS, BACK_OFFICE_LANG, "new.title"));
export const handle: AdminHandle = { title: translate(PAGES_TEXTS, BACK_OFFICE_LANG, "new.title") };

export default function SitePageNew() {
  const common = useTexts(COMMON_TEXTS);
  const { alert, element } = useAlert(common("errorTitle"));
  const save = useSaveSitePage(alertErrors(alert));
  return (
    <>
      <PageForm mode="create" initial={EMPTY_SITE_PAGE} onSubmit={(data) => save.mutate(data)} saving={save.isPending} />
      {element}
    </>
  );
}
