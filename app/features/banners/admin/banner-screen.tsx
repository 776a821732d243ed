import { TIMINGS } from "@shared/limits";
import { Pencil, Plus, Power, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ListScreen } from "~/components/admin/list-screen";
import { adminMeta } from "~/components/admin/meta";
import { SuccessFlash, useFlash } from "~/components/admin/success-flash";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useAlert } from "~/components/ui/dialog";
import { BANNER_TEXTS } from "~/features/banners/admin/texts";
import { COMMON_TEXTS, PAGE_TITLES } from "~/i18n/admin/texts";
import type { Notify } from "~/lib/admin/mutation";
import { type BannerFormMode, useActivateBanner, useBanners, useDeleteBanner, useSaveBanner } from "./api";
import { BannerForm } from "./banner-form";

export const meta = () => adminMeta(PAGE_TITLES.banner);
export const handle: AdminHandle = { title: PAGE_TITLES.banner };

export default function BannerManagement() {
  const banners = useBanners();
  const [mode, setMode] = useState<BannerFormMode | null>(null);
  const flash = useFlash(TIMINGS.bannerSuccess);
  const { alert, element: alertElement } = useAlert(COMMON_TEXTS.alertTitle);
  // docs/product.md, "Bannière": "Opération réussie !" flashes; failures are alerts.
  const notify: Notify = (kind, message) => (kind === "success" ? flash.show(message) : alert(message, COMMON_TEXTS.errorTitle));
  const save = useSaveBanner(notify, () => setMode(null));
  const activate = useActivateBanner(notify);
  const remove = useDeleteBanner(notify);
  const list = banners.data ?? [];
  const hasDefault = list.some((b) => b.isDefault);

  const openForm = (next: BannerFormMode) => {
    save.reset();
    setMode(next);
  };

  return (
    <div className="space-y-6">
      <SuccessFlash message={flash.message} />

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
        <CardHeader
          title={BANNER_TEXTS.listTitle}
          description={BANNER_TEXTS.listDescription}
          actions={
            mode ? null : (
              <>
                {!banners.isPending && !hasDefault && (
                  <Button onClick={() => openForm({ kind: "standard" })}>
                    <Star className="size-4" aria-hidden="true" />
                    {BANNER_TEXTS.createStandard}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => openForm({ kind: "event" })}>
                  <Plus className="size-4" aria-hidden="true" />
                  {BANNER_TEXTS.createEvent}
                </Button>
              </>
            )
          }
        />
        <ListScreen
          query={banners}
          texts={{ loading: COMMON_TEXTS.loading, loadError: BANNER_TEXTS.loadError, empty: BANNER_TEXTS.empty }}
          rowTestId="banner-row"
          actionsHeader={BANNER_TEXTS.columns.actions}
          fields={[
            {
              key: "preview",
              header: BANNER_TEXTS.columns.preview,
              card: "media",
              cell: (banner) => (
                <img
                  src={banner.imageUrlFr}
                  alt={BANNER_TEXTS.previewAlt(banner.titleFr)}
                  className="aspect-video w-28 min-w-28 rounded-lg bg-slate-100 object-cover"
                  loading="lazy"
                />
              ),
            },
            {
              key: "title",
              header: BANNER_TEXTS.columns.title,
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
              header: BANNER_TEXTS.columns.type,
              card: "badge",
              cell: (banner) =>
                banner.isDefault ? <Badge tone="info">{BANNER_TEXTS.standard}</Badge> : <Badge>{BANNER_TEXTS.event}</Badge>,
            },
            {
              key: "status",
              header: BANNER_TEXTS.columns.status,
              card: "badge",
              cell: (banner) =>
                banner.isActive ? <Badge tone="success">{BANNER_TEXTS.active}</Badge> : <Badge>{BANNER_TEXTS.inactive}</Badge>,
            },
          ]}
          actions={[
            {
              key: "activate",
              label: BANNER_TEXTS.activate,
              icon: Power,
              variant: "outline",
              ariaLabel: (banner) => `${BANNER_TEXTS.activate} : ${banner.titleFr}`,
              visible: (banner) => !banner.isActive,
              onSelect: (banner) => activate.mutate(banner),
            },
            {
              key: "edit",
              label: BANNER_TEXTS.edit,
              icon: Pencil,
              ariaLabel: (banner) => `${BANNER_TEXTS.edit} : ${banner.titleFr}`,
              onSelect: (banner) => {
                openForm({ kind: "edit", banner });
                window.scrollTo({ top: 0, behavior: "smooth" });
              },
            },
          ]}
          remove={{
            label: BANNER_TEXTS.delete,
            icon: Trash2,
            ariaLabel: (banner) => `${BANNER_TEXTS.delete} : ${banner.titleFr}`,
            title: BANNER_TEXTS.deleteTitle,
            description: (banner) => BANNER_TEXTS.deleteDescription(banner.titleFr),
            cancelLabel: COMMON_TEXTS.cancel,
            busy: remove.isPending,
            allowed: (banner) => !banner.isDefault,
            onConfirm: (banner) => remove.mutateAsync(banner),
          }}
        />
      </Card>
      {alertElement}
    </div>
  );
}
