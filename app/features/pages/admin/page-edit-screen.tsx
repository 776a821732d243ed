import { useParams } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useAlert } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { ApiError } from "~/lib/admin/api";
import { alertErrors } from "~/lib/admin/mutation";
import { useSaveSitePage, useSitePage } from "./api";
import { PageForm, sitePageInput } from "./page-form";
import { PAGES_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(PAGES_TEXTS, BACK_OFFICE_LANG, "edit.title"));
export const handle: AdminHandle = { title: translate(PAGES_TEXTS, BACK_OFFICE_LANG, "edit.title") };

export default function SitePageEdit() {
  const { id = "" } = useParams();
  const page = useSitePage(id);
  const t = useTexts(PAGES_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const { alert, element } = useAlert(common("errorTitle"));
  const save = useSaveSitePage(alertErrors(alert), id);

  if (page.isPending) return <Loading label={common("loading")} />;
  if (page.isError) {
    const notFound = page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 400);
    return (
      <Card className="space-y-4 p-8 text-center">
        {notFound ? <p className="text-navy">{t("form.notFound")}</p> : <LoadError message={t("form.loadError")} />}
        <ButtonLink to="/admin/pages" variant="secondary">
          {t("form.back")}
        </ButtonLink>
      </Card>
    );
  }
  return (
    <>
      {/* Keyed by id only: a background refetch must never replace what the admin is typing. */}
      <PageForm
        key={page.data._id}
        mode="edit"
        initial={sitePageInput(page.data)}
        onSubmit={(data) => save.mutate(data)}
        saving={save.isPending}
        saveError={save.error}
        onReloaded={save.reset}
      />
      {element}
    </>
  );
}
