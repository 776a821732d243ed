import { COMPANY } from "@shared/company";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";

/** Document title of an admin screen; the back office is never indexed. */
export function adminMeta(title: string) {
  const documentTitle = translate(COMMON_TEXTS, BACK_OFFICE_LANG, "documentTitle", { page: title, company: COMPANY.name });
  return [{ title: documentTitle }, { name: "robots", content: "noindex, nofollow" }];
}
