import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input, Textarea } from "~/components/ui/field";
import { BANNER_TEXTS, COMMON_TEXTS, PENDING_UPLOADS_ALERT } from "~/i18n/admin/texts";
import { usePendingUploads } from "~/lib/admin/use-pending-uploads";
import { LIMITS } from "../../../shared/limits";
import type { Banner } from "../../../shared/schemas/banner";
import { ImageUploadField } from "./image-upload-field";

export type BannerFormValues = {
  imageUrlFr: string;
  imageUrlEn: string;
  imageUrlFrMobile: string;
  imageUrlEnMobile: string;
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
};

export type BannerFormMode = { kind: "standard" } | { kind: "event" } | { kind: "edit"; banner: Banner };

type TextKey = "titleFr" | "titleEn" | "descriptionFr" | "descriptionEn";
const IMAGE_KEYS = ["imageUrlFr", "imageUrlEn"] as const;
const MOBILE_KEYS = ["imageUrlFrMobile", "imageUrlEnMobile"] as const;
const REQUIRED_KEYS = ["imageUrlFr", "imageUrlEn", "titleFr", "titleEn", "descriptionFr", "descriptionEn"] as const;

function initialValues(mode: BannerFormMode): BannerFormValues {
  if (mode.kind !== "edit") {
    return {
      imageUrlFr: "",
      imageUrlEn: "",
      imageUrlFrMobile: "",
      imageUrlEnMobile: "",
      titleFr: "",
      titleEn: "",
      descriptionFr: "",
      descriptionEn: "",
    };
  }
  const b = mode.banner;
  return {
    imageUrlFr: b.imageUrlFr,
    imageUrlEn: b.imageUrlEn,
    imageUrlFrMobile: b.imageUrlFrMobile ?? "",
    imageUrlEnMobile: b.imageUrlEnMobile ?? "",
    titleFr: b.titleFr,
    titleEn: b.titleEn,
    descriptionFr: b.descriptionFr,
    descriptionEn: b.descriptionEn,
  };
}

/** SPEC §5: required after trimming; the labels of the missing ones, in form order. */
export function missingBannerFields(values: BannerFormValues): string[] {
  return REQUIRED_KEYS.filter((key) => values[key].trim() === "").map((key) => BANNER_TEXTS.fields[key]);
}

/** The payload: trimmed, mobile images only when set. */
export function bannerPayload(values: BannerFormValues) {
  const mobile = Object.fromEntries(MOBILE_KEYS.filter((key) => values[key].trim() !== "").map((key) => [key, values[key].trim()]));
  return {
    imageUrlFr: values.imageUrlFr.trim(),
    imageUrlEn: values.imageUrlEn.trim(),
    titleFr: values.titleFr.trim(),
    titleEn: values.titleEn.trim(),
    descriptionFr: values.descriptionFr.trim(),
    descriptionEn: values.descriptionEn.trim(),
    ...mobile,
  };
}

export function BannerForm({
  mode,
  saving,
  onSave,
  onCancel,
  alert,
}: {
  mode: BannerFormMode;
  saving: boolean;
  onSave: (values: BannerFormValues) => void;
  onCancel: () => void;
  alert: (message: string, title?: string) => void;
}) {
  const [values, setValues] = useState<BannerFormValues>(() => initialValues(mode));
  const uploads = usePendingUploads();
  const set = (key: keyof BannerFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (uploads.count > 0) {
      alert(PENDING_UPLOADS_ALERT);
      return;
    }
    const missing = missingBannerFields(values);
    if (missing.length > 0) {
      alert(`${BANNER_TEXTS.missing}\n${missing.map((label) => `• ${label}`).join("\n")}`, BANNER_TEXTS.missingTitle);
      return;
    }
    onSave(values);
  }

  const textField = (key: TextKey, multiline: boolean) => {
    const id = `banner-${key}`;
    return (
      <Field
        key={key}
        label={BANNER_TEXTS.fields[key]}
        htmlFor={id}
        required
        counter={multiline ? { value: values[key].length, max: LIMITS.bannerDescription } : undefined}
      >
        {multiline ? (
          <Textarea
            id={id}
            value={values[key]}
            maxLength={LIMITS.bannerDescription}
            rows={4}
            aria-describedby={describedBy(id, { hint: true })}
            onChange={(e) => set(key)(e.target.value)}
          />
        ) : (
          <Input id={id} value={values[key]} maxLength={LIMITS.nameMax} onChange={(e) => set(key)(e.target.value)} />
        )}
      </Field>
    );
  };

  const title = mode.kind === "edit" ? BANNER_TEXTS.formTitle.edit : BANNER_TEXTS.formTitle[mode.kind];

  return (
    <Card>
      <CardHeader title={title} />
      <form onSubmit={submit} noValidate className="space-y-8 p-5">
        {(
          [
            [BANNER_TEXTS.sections.images, IMAGE_KEYS, { required: true }],
            [
              BANNER_TEXTS.sections.mobile,
              MOBILE_KEYS,
              { hint: BANNER_TEXTS.mobileHint, aspect: "aspect-square", previewWidth: "max-w-48" },
            ],
          ] as const
        ).map(([legend, keys, look]) => (
          <fieldset key={legend} className="space-y-5">
            <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{legend}</legend>
            <div className="grid gap-6 xl:grid-cols-2">
              {keys.map((key) => (
                <ImageUploadField
                  key={key}
                  id={`banner-${key}`}
                  label={BANNER_TEXTS.fields[key]}
                  value={values[key]}
                  onChange={set(key)}
                  onUploadingChange={(busy) => uploads.report(key, busy)}
                  {...look}
                />
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset>
          <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{BANNER_TEXTS.sections.texts}</legend>
          <div className="grid gap-5 md:grid-cols-2">
            {textField("titleFr", false)}
            {textField("titleEn", false)}
            {textField("descriptionFr", true)}
            {textField("descriptionEn", true)}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-5">
          {uploads.count > 0 && <p className="mr-auto text-sm text-amber-800">{COMMON_TEXTS.uploadingCount(uploads.count)}</p>}
          <Button variant="secondary" onClick={onCancel}>
            {BANNER_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {BANNER_TEXTS.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
