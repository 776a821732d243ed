import type { SitePageRow } from "@shared/schemas/site-page";
import { Plus } from "lucide-react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { adminMeta } from "~/components/admin/meta";
import { activeSwitchField, editAction } from "~/components/admin/row-actions";
import { TranslationBadge, TranslationFilterSelect, useTranslationFilter } from "~/components/admin/translation-gaps";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { feedbackNotify } from "~/lib/admin/mutation";
import { useDeleteSitePage, useSetSitePageActive, useSitePages } from "./api";
import { PAGES_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(PAGES_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(PAGES_TEXTS, BACK_OFFICE_LANG, "title") };

/** The editable pages (decision 0102): newest first, by pages of the list kit; the legal pages cannot be deleted. */
export default function SitePagesScreen() {
  const t = useTexts(PAGES_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const [translation, setTranslation] = useTranslationFilter();
  const pages = useSitePages(translation);
  const may = useCan("page");
  const setActive = useSetSitePageActive(feedbackNotify);
  const remove = useDeleteSitePage(feedbackNotify);

  return (
    <div className="space-y-6">
      <Card>
        <ListToolbar
          title={t("title")}
          description={t("list.intro")}
          add={
            may("create") && (
              <ButtonLink to="/admin/pages/new">
                <Plus className="size-4" aria-hidden="true" />
                {t("list.newPage")}
              </ButtonLink>
            )
          }
          filters={<TranslationFilterSelect id="page-translation" value={translation} onChange={setTranslation} />}
        />
        {pages.total !== null && (
          <p className="border-b border-slate-200 px-5 py-3 text-sm text-slate-600" aria-live="polite">
            {t("list.count", { count: pages.items.length, total: pages.total })}
          </p>
        )}
        <ListScreen<SitePageRow>
          query={{ data: pages.data ? pages.items : undefined, isPending: pages.isPending, error: pages.error }}
          texts={{ loading: common("loading"), loadError: t("list.loadError"), empty: t("list.empty") }}
          rowTestId="page-row"
          subject="page"
          actionsHeader={t("list.columns.actions")}
          fields={[
            {
              key: "title",
              header: t("list.columns.title"),
              card: "title",
              className: "min-w-48",
              cell: (page) => (
                <>
                  <span className="block font-medium">
                    {page.titleFr} / {page.titleEn}
                  </span>
                  <span className="block text-xs font-normal text-slate-600">
                    /page/{page.slugFr} · /page/{page.slugEn}?lang=en
                  </span>
                  {page.key && <Badge className="mt-1">{t("list.required")}</Badge>}
                  <TranslationBadge item={page} />
                </>
              ),
            },
            activeSwitchField({
              header: t("list.columns.status"),
              label: (page) => t("list.toggleLabel", { name: page.titleFr }),
              onText: t("list.active"),
              offText: t("list.inactive"),
              onToggle: setActive.mutate,
            }),
          ]}
          actions={[
            editAction({
              label: t("list.edit"),
              ariaLabel: (page) => t("list.editLabel", { name: page.titleFr }),
              href: (page) => `/admin/pages/edit/${page._id}`,
            }),
          ]}
          remove={{
            label: t("list.delete"),
            ariaLabel: (page) => t("list.deleteLabel", { name: page.titleFr }),
            title: t("list.deleteTitle"),
            description: (page) => t("list.deleteDescription", { name: page.titleFr }),
            busy: remove.isPending,
            onConfirm: (page) => remove.mutateAsync(page),
            allowed: (page) => page.key === null,
          }}
        />
        {pages.hasNextPage && (
          <div className="border-t border-slate-200 p-4 text-center">
            <Button variant="outline" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {pages.isFetchingNextPage ? t("list.loadingMore") : t("list.more")}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
