import { formatSiteDateTime, scheduleState } from "@shared/schedule";
import type { Banner } from "@shared/schemas/banner";
import { Plus, Power, Star } from "lucide-react";
import { useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { LoadMore } from "~/components/admin/load-more";
import { adminMeta } from "~/components/admin/meta";
import { editAction } from "~/components/admin/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useAlert } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { feedbackNotify } from "~/lib/admin/mutation";
import { type BannerFormMode, useActivateBanner, useBanners, useDeleteBanner, useSaveBanner } from "./api";
import { BannerForm } from "./banner-form";
import { BANNERS_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(BANNERS_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(BANNERS_TEXTS, BACK_OFFICE_LANG, "title") };

export default function BannerManagement() {
  const t = useTexts(BANNERS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const banners = useBanners();
  const may = useCan("banner");
  const [mode, setMode] = useState<BannerFormMode | null>(null);
  // The form's own blocking messages (uploads under way, missing fields) stay alert dialogs.
  const { alert, element: alertElement } = useAlert(common("alertTitle"));
  // docs/product.md, "Bannière": "Opération réussie !" and the failures in the back office's one feedback.
  const save = useSaveBanner(feedbackNotify, () => setMode(null));
  const activate = useActivateBanner(feedbackNotify);
  const remove = useDeleteBanner(feedbackNotify);
  const list = banners.items;
  // The default banner heads the first page (the list's order), so the first page says whether there is one.
  const hasDefault = list.some((b) => b.isDefault);

  const openForm = (next: BannerFormMode) => {
    save.reset();
    setMode(next);
  };

  return (
    <div className="space-y-6">
      {mode ? (
        <BannerForm
          key={mode.kind === "edit" ? mode.banner._id : mode.kind}
          mode={mode}
          saving={save.isPending}
          saveError={save.error}
          onSave={(data) => save.mutate({ mode, data, isFirst: list.length === 0 })}
          onReloaded={save.reset}
          onCancel={() => setMode(null)}
          alert={alert}
        />
      ) : null}

      <Card>
        <ListToolbar
          title={t("listTitle")}
          description={t("listDescription")}
          add={
            mode || !may("create") ? null : (
              <>
                {!banners.isPending && !hasDefault && (
                  <Button onClick={() => openForm({ kind: "standard" })}>
                    <Star className="size-4" aria-hidden="true" />
                    {t("createStandard")}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => openForm({ kind: "event" })}>
                  <Plus className="size-4" aria-hidden="true" />
                  {t("createEvent")}
                </Button>
              </>
            )
          }
        />
        <ListScreen
          query={{ data: list, isPending: banners.isPending, error: banners.error }}
          texts={{ loading: common("loading"), loadError: t("loadError"), empty: t("empty") }}
          rowTestId="banner-row"
          subject="banner"
          actionsHeader={t("columns.actions")}
          fields={[
            {
              key: "preview",
              header: t("columns.preview"),
              card: "media",
              cell: (banner) => (
                <img
                  src={banner.imageUrlFr}
                  alt={t("previewAlt", { title: banner.titleFr })}
                  className="aspect-video w-28 min-w-28 rounded-lg bg-slate-100 object-cover"
                  loading="lazy"
                />
              ),
            },
            {
              key: "title",
              header: t("columns.title"),
              card: "title",
              className: "min-w-48",
              cell: (banner) => (
                <>
                  <span className="block font-medium">{banner.titleFr}</span>
                  <span className="block text-xs font-normal text-slate-600">{banner.titleEn}</span>
                </>
              ),
            },
            {
              key: "type",
              header: t("columns.type"),
              card: "badge",
              cell: (banner) => (banner.isDefault ? <Badge tone="info">{t("standard")}</Badge> : <Badge>{t("event")}</Badge>),
            },
            {
              key: "status",
              header: t("columns.status"),
              card: "badge",
              cell: (banner) => (
                <span className="flex flex-col items-start gap-1">
                  {banner.isActive ? <Badge tone="success">{t("active")}</Badge> : <Badge>{t("inactive")}</Badge>}
                  <ScheduleCell banner={banner} />
                </span>
              ),
            },
          ]}
          actions={[
            {
              key: "activate",
              needs: "switch",
              label: t("activate"),
              icon: Power,
              ariaLabel: (banner) => `${t("activate")} : ${banner.titleFr}`,
              visible: (banner) => !banner.isActive,
              onSelect: (banner) => activate.mutate(banner),
            },
            editAction<Banner>({
              label: t("edit"),
              ariaLabel: (banner) => `${t("edit")} : ${banner.titleFr}`,
              onSelect: (banner) => openForm({ kind: "edit", banner }),
              scrollToTop: true,
            }),
          ]}
          remove={{
            label: t("delete"),
            ariaLabel: (banner) => `${t("delete")} : ${banner.titleFr}`,
            title: t("deleteTitle"),
            description: (banner) => t("deleteDescription", { title: banner.titleFr }),
            busy: remove.isPending,
            allowed: (banner) => !banner.isDefault,
            onConfirm: (banner) => remove.mutateAsync(banner),
          }}
        />
        <LoadMore
          list={banners}
          label={t("more")}
          loadingLabel={t("loadingMore")}
          shown={banners.total !== null ? t("shown", { shown: list.length, total: banners.total }) : null}
        />
      </Card>
      {alertElement}
    </div>
  );
}

/** docs/product.md, "Bannière": under the status, the window's state (Programmé, En cours, Terminé) and its ends in Tunisia's time. */
function ScheduleCell({ banner }: { banner: Banner }) {
  const t = useTexts(BANNERS_TEXTS);
  const state = scheduleState(banner, Date.now());
  if (!state) return null;
  const tone = state === "running" ? "success" : state === "scheduled" ? "info" : "neutral";
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={tone}>{t(`schedule.${state}`)}</Badge>
      {banner.startsAt && (
        <span className="text-xs text-slate-600">{t("schedule.from", { date: formatSiteDateTime(banner.startsAt) })}</span>
      )}
      {banner.endsAt && <span className="text-xs text-slate-600">{t("schedule.until", { date: formatSiteDateTime(banner.endsAt) })}</span>}
    </span>
  );
}
