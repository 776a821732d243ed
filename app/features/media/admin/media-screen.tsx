import type { MediaDetail } from "@shared/schemas/media";
import { ImagePlus, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { ConflictNotice } from "~/components/admin/conflict-notice";
import { MediaGrid } from "~/components/admin/media-grid";
import { adminMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Checkbox, Field, Input } from "~/components/ui/field";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan } from "~/lib/admin/access";
import { useDeleteMedia, useMediaDetail, useReplaceMedia, useSaveMedia, useUploadImages } from "./api";
import { FocalPointPicker } from "./focal-point-picker";
import { MEDIA_TEXTS } from "./texts";

const TITLE = translate(MEDIA_TEXTS, BACK_OFFICE_LANG, "title");
export const meta = () => adminMeta(TITLE);
export const handle: AdminHandle = { title: TITLE };

type Draft = { altFr: string; altEn: string; decorative: boolean; focalX: number; focalY: number; version: number };
const draftOf = (m: MediaDetail): Draft => ({
  altFr: m.altFr,
  altEn: m.altEn,
  decorative: m.decorative,
  focalX: m.focalX,
  focalY: m.focalY,
  version: m.version,
});

/** The panel of the chosen image: focal point, alt texts, usage list, replace and delete. */
function MediaPanel({ media, onGone }: { media: MediaDetail; onGone: (newId?: string) => void }) {
  const t = useTexts(MEDIA_TEXTS);
  const may = useCan("media");
  const [draft, setDraft] = useState<Draft>(() => draftOf(media));
  const [confirming, setConfirming] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const save = useSaveMedia();
  const remove = useDeleteMedia(() => {
    setConfirming(false);
    onGone();
  });
  const replace = useReplaceMedia((newId) => onGone(newId));
  const used = media.usages.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: media._id, patch: draft });
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) replace.mutate({ id: media._id, file });
  };

  return (
    <Card>
      <CardHeader
        title={t("details")}
        description={[media.fileName, media.width && media.height ? t("size", { width: media.width, height: media.height }) : null]
          .filter(Boolean)
          .join(" — ")}
      />
      <form className="space-y-4 p-5 sm:p-6" onSubmit={submit} aria-label={t("details")}>
        <ConflictNotice<MediaDetail> error={save.error} onReload={(current) => setDraft(draftOf({ ...media, ...current }))} />
        <FocalPointPicker
          id="media-focal"
          src={media.url}
          x={draft.focalX}
          y={draft.focalY}
          onChange={(focalX, focalY) => setDraft((d) => ({ ...d, focalX, focalY }))}
        />
        <Checkbox
          id="media-decorative"
          label={t("decorative")}
          checked={draft.decorative}
          onChange={(e) => setDraft((d) => ({ ...d, decorative: e.target.checked }))}
        />
        <Field label={t("altFr")} htmlFor="media-alt-fr">
          <Input
            id="media-alt-fr"
            value={draft.altFr}
            maxLength={300}
            disabled={draft.decorative}
            onChange={(e) => setDraft((d) => ({ ...d, altFr: e.target.value }))}
          />
        </Field>
        <Field label={t("altEn")} htmlFor="media-alt-en">
          <Input
            id="media-alt-en"
            value={draft.altEn}
            maxLength={300}
            disabled={draft.decorative}
            onChange={(e) => setDraft((d) => ({ ...d, altEn: e.target.value }))}
          />
        </Field>
        {may("update") && (
          <Button type="submit" loading={save.isPending}>
            {t("save")}
          </Button>
        )}
      </form>
      <section className="space-y-2 border-t border-slate-200 p-5 sm:p-6" aria-labelledby="media-usages">
        <h3 id="media-usages" className="text-sm font-semibold text-navy">
          {t("usages")} ({used})
        </h3>
        {used === 0 ? (
          <p className="text-sm text-slate-600">{t("noUsage")}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {media.usages.map((usage) => (
              <li key={`${usage.type}-${usage.id}`}>
                <span className="text-slate-600">{t(`usage.${usage.type}`)} : </span>
                <Link to={usage.adminLink} className="font-medium text-teal-800 underline">
                  {usage.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap items-start gap-3 border-t border-slate-200 p-5 sm:p-6">
        <input ref={fileRef} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onFile} />
        {may("update") && (
          <Button variant="secondary" loading={replace.isPending} onClick={() => fileRef.current?.click()}>
            <Upload className="size-4" aria-hidden="true" />
            {t("replace")}
          </Button>
        )}
        {may("delete") && (
          <div className="space-y-1">
            <Button
              variant="danger"
              disabled={used > 0}
              aria-describedby={used > 0 ? "media-delete-reason" : undefined}
              onClick={() => setConfirming(true)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t("delete")}
            </Button>
            {used > 0 && (
              <p id="media-delete-reason" className="text-xs text-slate-700">
                {t("deleteInUse", { count: used })}
              </p>
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("deleteTitle")}
        description={t("deleteText")}
        confirmLabel={t("delete")}
        cancelLabel={t("cancel")}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(media._id)}
      />
    </Card>
  );
}

/** "Médiathèque": every image once, searched and filtered; the chosen one edited beside the grid. */
export default function MediaScreen() {
  const t = useTexts(MEDIA_TEXTS);
  const [params] = useSearchParams();
  const mayUpload = useCan("image")("create");
  const [selected, setSelected] = useState<string | null>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  // The first image sent opens in the panel, ready for its alt texts.
  const upload = useUploadImages((first) => setSelected(first));
  const detail = useMediaDetail(selected);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (detail.data && window.matchMedia("(max-width: 1023px)").matches) panelRef.current?.scrollIntoView({ block: "start" });
  }, [detail.data]);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-3xl text-sm text-slate-600 sm:flex-1">{t("intro")}</p>
        {mayUpload && (
          <>
            <input
              ref={filesRef}
              id="media-upload-files"
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = "";
                void upload.send(files);
              }}
            />
            <Button loading={upload.pending} onClick={() => filesRef.current?.click()}>
              <ImagePlus className="size-4" aria-hidden="true" />
              {t("upload")}
            </Button>
          </>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-5 sm:p-6">
          <MediaGrid
            idPrefix="media"
            selectedId={selected}
            onSelect={(m) => setSelected(m._id)}
            initialMissingAlt={params.get("missingAlt") === "true"}
          />
        </Card>
        <div ref={panelRef}>
          {detail.data ? (
            <MediaPanel
              key={`${detail.data._id}-${detail.data.version}`}
              media={detail.data}
              onGone={(newId) => setSelected(newId ?? null)}
            />
          ) : (
            <p className="text-sm text-slate-600">{t("pick")}</p>
          )}
        </div>
      </div>
    </div>
  );
}
