import * as RadixDialog from "@radix-ui/react-dialog";
import { TIMINGS, UPLOAD_PROGRESS, type UploadFolder } from "@shared/limits";
import { CircleCheck, ImageIcon, Images, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { MediaGrid } from "~/components/admin/media-grid";
import { Button } from "~/components/ui/button";
import { DialogShell } from "~/components/ui/dialog";
import { FieldLabel } from "~/components/ui/field";
import { ProgressBar } from "~/components/ui/progress";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCan, useCanRead } from "~/lib/admin/access";
import { storedToken } from "~/lib/admin/session";
import { checkImageFile, UploadError, uploadImage, uploadText } from "~/lib/admin/upload";
import { cn } from "~/lib/cn";
import { useReadOnly } from "./read-only";

type Phase = "idle" | "uploading" | "completed";

type ImageUploadFieldProps = {
  id: string;
  label: string;
  /** The stored image address ("" when none). */
  value: string;
  onChange: (url: string) => void;
  /** Lets the parent form count uploads in progress and block saving. */
  onUploadingChange?: (uploading: boolean) => void;
  required?: boolean;
  error?: string | undefined;
  hint?: string;
  folder?: UploadFolder;
  /** Tailwind aspect class of the preview box, e.g. "aspect-video" or "aspect-square". */
  aspect?: string;
  fit?: "cover" | "contain";
  /** Tailwind max-width class of the preview box. */
  previewWidth?: string;
};

/**
 * Image field of every admin form: instant preview, real upload progress, completed state, cancel by removal; or an
 * image chosen from the media library ("Choisir dans la médiathèque", a dialog with its grid and search).
 */
export function ImageUploadField({
  id,
  label,
  value,
  onChange,
  onUploadingChange,
  required,
  error,
  hint,
  folder,
  aspect = "aspect-video",
  fit = "cover",
  previewWidth = "max-w-xs",
}: ImageUploadFieldProps) {
  const t = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<(() => void) | null>(null);
  const generation = useRef(0);
  const reportRef = useRef(onUploadingChange);
  reportRef.current = onUploadingChange;
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  /** The last upload's message: a refusal (shown as the field's error) or its cancellation (a status line). */
  const [message, setMessage] = useState<{ text: string; cancelled: boolean } | null>(null);
  /** The object URL shown while uploading, kept while the field still holds the address it produced. */
  const [local, setLocal] = useState<{ objectUrl: string; url: string | null } | null>(null);
  const statusId = useId();
  const [picking, setPicking] = useState(false);
  // A read-only form, or a role that may not upload or open the media library, shows the image alone (decision 0114).
  const readOnly = useReadOnly();
  const mayUpload = useCan("image")("create") && !readOnly;
  const mayPick = useCanRead("media") && !readOnly;

  const objectUrlRef = useRef<string | null>(null);

  function dropLocal() {
    if (objectUrlRef.current) URL.revokeObjectURL(objectUrlRef.current);
    objectUrlRef.current = null;
    setLocal(null);
  }

  function showLocal(file: File) {
    if (objectUrlRef.current) URL.revokeObjectURL(objectUrlRef.current);
    objectUrlRef.current = URL.createObjectURL(file);
    setLocal({ objectUrl: objectUrlRef.current, url: null });
  }

  useEffect(
    () => () => {
      // Leaving the form (or deleting a block) cancels its upload and releases the parent's counter.
      if (abortRef.current) {
        abortRef.current();
        reportRef.current?.(false);
      }
      if (objectUrlRef.current) URL.revokeObjectURL(objectUrlRef.current);
    },
    [],
  );

  async function start(file: File) {
    const problem = checkImageFile(file, storedToken());
    if (problem) {
      setMessage({ text: problem, cancelled: false });
      return;
    }
    abortRef.current?.();
    const current = ++generation.current;
    setMessage(null);
    setProgress(0);
    showLocal(file);
    setPhase("uploading");
    reportRef.current?.(true);
    const upload = uploadImage(file, { folder, lang, onProgress: (p) => current === generation.current && setProgress(p) });
    abortRef.current = upload.abort;
    try {
      const { url } = await upload.promise;
      if (current !== generation.current) return;
      setLocal((l) => (l ? { ...l, url } : l));
      onChange(url);
      setPhase("completed");
      setTimeout(() => {
        if (current === generation.current) setPhase((p) => (p === "completed" ? "idle" : p));
      }, TIMINGS.uploadCompletedShown);
    } catch (failure) {
      if (current !== generation.current) return;
      setMessage(
        failure instanceof UploadError
          ? { text: failure.message, cancelled: failure.cancelled }
          : { text: uploadText("generic"), cancelled: false },
      );
      setPhase("idle");
      dropLocal();
    } finally {
      if (current === generation.current) {
        abortRef.current = null;
        reportRef.current?.(false);
      }
    }
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) void start(file);
  }

  function remove() {
    if (abortRef.current) {
      // The abort handler of the upload reports "Upload cancelled".
      abortRef.current();
    } else {
      setMessage(null);
    }
    dropLocal();
    setPhase("idle");
    onChange("");
  }

  const shown = local && (phase === "uploading" || local.url === value) ? local.objectUrl : value;
  const uploading = phase === "uploading";
  const errorText = (message && !message.cancelled ? message.text : undefined) ?? error;
  const describedBy = [hint ? `${id}-hint` : null, `${statusId}`, errorText ? `${id}-error` : null].filter(Boolean).join(" ");

  return (
    <div className="space-y-2">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div
          className={cn(
            "relative w-full shrink-0 overflow-hidden rounded-xl border bg-slate-50",
            previewWidth,
            aspect,
            errorText ? "border-red-600" : "border-slate-200",
          )}
        >
          {shown ? (
            <img
              src={shown}
              alt={t("image.preview", { label })}
              className={cn("size-full", fit === "cover" ? "object-cover" : "object-contain p-2")}
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-1 text-slate-500">
              <ImageIcon className="size-8" aria-hidden="true" />
              <span className="text-xs">{t("image.none")}</span>
            </div>
          )}
          {phase === "completed" && (
            <div className="absolute inset-x-0 bottom-0 flex items-center gap-1.5 bg-emerald-700/90 px-3 py-1.5 text-xs font-medium text-white">
              <CircleCheck className="size-4" aria-hidden="true" />
              {t("image.completed")}
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-describedby={describedBy}
            onChange={onFile}
          />
          <div className="flex flex-wrap gap-2">
            {mayUpload && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => inputRef.current?.click()}
                aria-label={`${shown ? t("image.replace") : t("image.choose")} : ${label}`}
              >
                <Upload className="size-4" aria-hidden="true" />
                {shown ? t("image.replace") : t("image.choose")}
              </Button>
            )}
            {mayPick && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPicking(true)}
                disabled={uploading}
                aria-label={`${t("image.library")} : ${label}`}
              >
                <Images className="size-4" aria-hidden="true" />
                {t("image.library")}
              </Button>
            )}
            {!readOnly && (shown || uploading) && (
              <Button variant="ghost" size="sm" onClick={remove} aria-label={`${t("image.remove")} : ${label}`}>
                <Trash2 className="size-4" aria-hidden="true" />
                {t("image.remove")}
              </Button>
            )}
          </div>
          {hint && (
            <p id={`${id}-hint`} className="text-xs text-slate-600">
              {hint}
            </p>
          )}
          {mayUpload && <p className="text-xs text-slate-600">{t("image.formats")}</p>}
          <div id={statusId} aria-live="polite">
            {phase !== "idle" && (
              <div className="space-y-1">
                <ProgressBar value={phase === "completed" ? UPLOAD_PROGRESS.done : progress} label={`${t("image.uploading")} : ${label}`} />
                {uploading && (
                  <p className="text-xs tabular-nums text-slate-600">
                    {t("image.uploading")} {progress}%
                  </p>
                )}
              </div>
            )}
            {message?.cancelled && <p className="text-xs text-slate-600">{message.text}</p>}
          </div>
          {errorText && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {errorText}
            </p>
          )}
        </div>
      </div>
      <DialogShell open={picking} onOpenChange={setPicking} title={t("image.libraryTitle")} description={t("image.libraryHint")} wide>
        {picking && (
          <div className="w-full">
            <MediaGrid
              idPrefix={`${id}-library`}
              onSelect={(media) => {
                setMessage(null);
                dropLocal();
                onChange(media.url);
                setPicking(false);
              }}
            />
          </div>
        )}
        <RadixDialog.Close asChild>
          <Button variant="secondary">{t("image.libraryClose")}</Button>
        </RadixDialog.Close>
      </DialogShell>
    </div>
  );
}
