import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Checkbox, describedBy, Field, Input } from "~/components/ui/field";
import { PARTNER_TEXTS as T } from "~/i18n/admin/texts";
import { usePendingUploads } from "~/lib/admin/use-pending-uploads";
import { LIMITS } from "../../../shared/limits";
import { type Partner, type PartnerData, partnerInputSchema } from "../../../shared/schemas/partner";
import { ImageUploadField } from "./image-upload-field";

type Values = { name: string; logoUrl: string; websiteUrl: string; orderIndex: string; isActive: boolean };
type Errors = Partial<Record<keyof Values, string>>;

/** SPEC §4: a reset form is empty, order 0, active. */
const EMPTY: Values = { name: "", logoUrl: "", websiteUrl: "", orderIndex: "0", isActive: true };

const MESSAGES: Record<keyof Values, string> = {
  name: T.required,
  logoUrl: T.logoRequired,
  websiteUrl: T.invalidUrl,
  orderIndex: T.invalidOrder,
  isActive: T.required,
};

function fromPartner(partner: Partner | null): Values {
  if (!partner) return EMPTY;
  return {
    name: partner.name,
    logoUrl: partner.logoUrl,
    websiteUrl: partner.websiteUrl,
    orderIndex: String(partner.orderIndex),
    isActive: partner.isActive,
  };
}

/** Validates with the shared schema; messages in the English of this screen. */
export function validatePartner(values: Values): { data: PartnerData } | { errors: Errors } {
  const orderIndex = values.orderIndex.trim();
  const result = partnerInputSchema.safeParse({ ...values, orderIndex: /^\d+$/.test(orderIndex) ? Number(orderIndex) : Number.NaN });
  if (result.success) return { data: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof Values;
    if (key in MESSAGES) errors[key] ??= key === "websiteUrl" && values.websiteUrl.trim() === "" ? T.required : MESSAGES[key];
  }
  return { errors };
}

export function PartnerForm({
  partner,
  saving,
  onSave,
  onCancel,
  alert,
}: {
  /** null: create mode. */
  partner: Partner | null;
  saving: boolean;
  onSave: (data: PartnerData) => void;
  onCancel: () => void;
  alert: (message: string, title?: string) => void;
}) {
  const [values, setValues] = useState<Values>(() => fromPartner(partner));
  const [errors, setErrors] = useState<Errors>({});
  const uploads = usePendingUploads();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (uploads.count > 0) {
      alert(T.pendingAlert, T.noticeTitle);
      return;
    }
    const result = validatePartner(values);
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSave(result.data);
  }

  const submitLabel = uploads.count > 0 ? T.uploading(uploads.count) : partner ? T.update : T.create;

  return (
    <Card>
      <CardHeader title={partner ? T.formTitle.edit : T.formTitle.create} />
      <form noValidate onSubmit={submit} className="space-y-5 p-5">
        <div className="grid gap-5 md:grid-cols-2">
          <Field label={T.name} htmlFor="partner-name" error={errors.name}>
            <Input
              id="partner-name"
              value={values.name}
              maxLength={LIMITS.nameMax}
              required
              invalid={Boolean(errors.name)}
              aria-describedby={describedBy("partner-name", { error: errors.name })}
              onChange={(e) => set("name", e.target.value)}
            />
          </Field>
          <Field label={T.website} htmlFor="partner-website" error={errors.websiteUrl}>
            <Input
              id="partner-website"
              type="url"
              inputMode="url"
              placeholder={T.websitePlaceholder}
              value={values.websiteUrl}
              maxLength={LIMITS.urlMax}
              required
              invalid={Boolean(errors.websiteUrl)}
              aria-describedby={describedBy("partner-website", { error: errors.websiteUrl })}
              onChange={(e) => set("websiteUrl", e.target.value)}
            />
          </Field>
          <Field label={T.order} htmlFor="partner-order" error={errors.orderIndex} hint={T.orderHint}>
            <Input
              id="partner-order"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values.orderIndex}
              invalid={Boolean(errors.orderIndex)}
              aria-describedby={describedBy("partner-order", { error: errors.orderIndex, hint: true })}
              onChange={(e) => set("orderIndex", e.target.value)}
            />
          </Field>
          <div className="flex items-end pb-2">
            <Checkbox
              id="partner-active"
              label={T.isActive}
              checked={values.isActive}
              onChange={(e) => set("isActive", e.target.checked)}
            />
          </div>
        </div>
        <ImageUploadField
          id="partner-logo"
          label={T.logo}
          lang="en"
          value={values.logoUrl}
          onChange={(url) => set("logoUrl", url)}
          onUploadingChange={(busy) => uploads.report("logo", busy)}
          error={errors.logoUrl}
          aspect="aspect-[3/2]"
          fit="contain"
          required
        />
        {uploads.count > 0 && (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {T.uploadWarning}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-5">
          <Button variant="secondary" onClick={onCancel}>
            {T.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
