import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Power, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { BannerForm, type BannerFormMode, type BannerFormValues, bannerPayload } from "~/components/admin/banner-form";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { ResponsiveList } from "~/components/admin/responsive-list";
import { SuccessFlash, useFlash } from "~/components/admin/success-flash";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ItemConfirmDialog, useAlert } from "~/components/ui/dialog";
import { BANNER_TEXTS, COMMON_TEXTS, PAGE_TITLES } from "~/i18n/admin/texts";
import { api } from "~/lib/admin/api";
import { useBanners } from "~/lib/admin/queries";
import { queryKeys } from "~/lib/admin/query-keys";
import { TIMINGS } from "../../../shared/limits";
import type { Banner } from "../../../shared/schemas/banner";

export const meta = () => adminMeta(PAGE_TITLES.banner);
export const handle: AdminHandle = { title: PAGE_TITLES.banner };

/** The fields of a stored banner, as the PUT payload wants them. */
function storedFields(banner: Banner) {
  return bannerPayload({
    ...banner,
    imageUrlFrMobile: banner.imageUrlFrMobile ?? "",
    imageUrlEnMobile: banner.imageUrlEnMobile ?? "",
  });
}

function failureDetail(error: unknown): string {
  return error instanceof Error && error.message ? error.message : BANNER_TEXTS.unknownError;
}

export default function BannerManagement() {
  const client = useQueryClient();
  const banners = useBanners();
  const [mode, setMode] = useState<BannerFormMode | null>(null);
  const [toDelete, setToDelete] = useState<Banner | null>(null);
  const flash = useFlash(TIMINGS.bannerSuccess);
  const { alert, element: alertElement } = useAlert(COMMON_TEXTS.alertTitle);
  const list = banners.data ?? [];
  const hasDefault = list.some((b) => b.isDefault);

  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.banners });

  const save = useMutation({
    mutationFn: ({ mode, values }: { mode: BannerFormMode; values: BannerFormValues }) => {
      const fields = bannerPayload(values);
      if (mode.kind === "edit") return api.put<Banner>(`/banners/${mode.banner._id}`, fields);
      // A standard banner is the default and active; an event banner becomes active only if it is the first one.
      const flags = mode.kind === "standard" ? { isDefault: true, isActive: true } : { isDefault: false, isActive: list.length === 0 };
      return api.post<Banner>("/banners", { ...fields, ...flags });
    },
    onSuccess: async () => {
      setMode(null);
      flash.show(BANNER_TEXTS.success);
      await refresh();
    },
    onError: (error) => {
      console.error(error);
      alert(BANNER_TEXTS.saveError(failureDetail(error)), COMMON_TEXTS.errorTitle);
    },
  });

  const activate = useMutation({
    mutationFn: (banner: Banner) => api.put<Banner>(`/banners/${banner._id}`, { ...storedFields(banner), isActive: true }),
    onSuccess: async () => {
      flash.show(BANNER_TEXTS.success);
      await refresh();
    },
    onError: (error) => {
      console.error(error);
      alert(BANNER_TEXTS.activateError, COMMON_TEXTS.errorTitle);
    },
  });

  const remove = useMutation({
    mutationFn: (banner: Banner) => api.delete(`/banners/${banner._id}`),
    onSuccess: async () => {
      setToDelete(null);
      flash.show(BANNER_TEXTS.success);
      await refresh();
    },
    onError: (error) => {
      console.error(error);
      setToDelete(null);
      alert(BANNER_TEXTS.deleteError, COMMON_TEXTS.errorTitle);
    },
  });

  const bannerBadges = (banner: Banner) => (
    <>
      {banner.isDefault ? <Badge tone="info">{BANNER_TEXTS.standard}</Badge> : <Badge>{BANNER_TEXTS.event}</Badge>}
      {banner.isActive ? <Badge tone="success">{BANNER_TEXTS.active}</Badge> : <Badge>{BANNER_TEXTS.inactive}</Badge>}
    </>
  );

  const bannerActions = (banner: Banner) => (
    <div className="flex flex-wrap justify-end gap-1.5 whitespace-nowrap max-md:justify-start">
      {!banner.isActive && (
        <Button
          variant="outline"
          size="sm"
          loading={activate.isPending && activate.variables?._id === banner._id}
          onClick={() => activate.mutate(banner)}
          aria-label={`${BANNER_TEXTS.activate} : ${banner.titleFr}`}
        >
          <Power className="size-4" aria-hidden="true" />
          {BANNER_TEXTS.activate}
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setMode({ kind: "edit", banner });
          window.scrollTo({ top: 0, behavior: "smooth" });
        }}
        aria-label={`${BANNER_TEXTS.edit} : ${banner.titleFr}`}
      >
        <Pencil className="size-4" aria-hidden="true" />
        {BANNER_TEXTS.edit}
      </Button>
      {!banner.isDefault && (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => setToDelete(banner)}
          aria-label={`${BANNER_TEXTS.delete} : ${banner.titleFr}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {BANNER_TEXTS.delete}
        </Button>
      )}
    </div>
  );

  return (
    <div className="space-y-6">
      <SuccessFlash message={flash.message} />

      {mode ? (
        <BannerForm
          key={mode.kind === "edit" ? mode.banner._id : mode.kind}
          mode={mode}
          saving={save.isPending}
          onSave={(values) => save.mutate({ mode, values })}
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
                  <Button onClick={() => setMode({ kind: "standard" })}>
                    <Star className="size-4" aria-hidden="true" />
                    {BANNER_TEXTS.createStandard}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => setMode({ kind: "event" })}>
                  <Plus className="size-4" aria-hidden="true" />
                  {BANNER_TEXTS.createEvent}
                </Button>
              </>
            )
          }
        />
        {banners.isPending ? (
          <Loading label={COMMON_TEXTS.loading} />
        ) : banners.isError ? (
          <div className="p-5">
            <LoadError message={BANNER_TEXTS.loadError} />
          </div>
        ) : list.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600">{BANNER_TEXTS.empty}</p>
        ) : (
          <ResponsiveList
            items={list}
            rowTestId="banner-row"
            cardClassName="space-y-3"
            card={(banner) => (
              <>
                <img
                  src={banner.imageUrlFr}
                  alt={BANNER_TEXTS.previewAlt(banner.titleFr)}
                  className="aspect-video w-full rounded-lg bg-slate-100 object-cover"
                  loading="lazy"
                />
                <div>
                  <p className="font-medium text-navy">{banner.titleFr}</p>
                  <p className="text-xs text-slate-600">{banner.titleEn}</p>
                </div>
                <div className="flex flex-wrap gap-2">{bannerBadges(banner)}</div>
                {bannerActions(banner)}
              </>
            )}
            columns={[
              {
                key: "preview",
                header: BANNER_TEXTS.columns.preview,
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
                className: "min-w-48",
                cell: (banner) => (
                  <>
                    <p className="font-medium">{banner.titleFr}</p>
                    <p className="text-xs text-slate-600">{banner.titleEn}</p>
                  </>
                ),
              },
              {
                key: "type",
                header: BANNER_TEXTS.columns.type,
                cell: (banner) =>
                  banner.isDefault ? <Badge tone="info">{BANNER_TEXTS.standard}</Badge> : <Badge>{BANNER_TEXTS.event}</Badge>,
              },
              {
                key: "status",
                header: BANNER_TEXTS.columns.status,
                cell: (banner) =>
                  banner.isActive ? <Badge tone="success">{BANNER_TEXTS.active}</Badge> : <Badge>{BANNER_TEXTS.inactive}</Badge>,
              },
              { key: "actions", header: BANNER_TEXTS.columns.actions, cell: bannerActions },
            ]}
          />
        )}
      </Card>

      <ItemConfirmDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        title={BANNER_TEXTS.deleteTitle}
        description={(item) => BANNER_TEXTS.deleteDescription(item.titleFr)}
        confirmLabel={COMMON_TEXTS.delete}
        cancelLabel={COMMON_TEXTS.cancel}
        busy={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
      />
      {alertElement}
    </div>
  );
}
