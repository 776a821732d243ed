import { COMMON_TEXTS } from "~/i18n/admin/texts";

/** Document title of an admin screen; the back office is never indexed. */
export function adminMeta(title: string) {
  return [{ title: COMMON_TEXTS.documentTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}
