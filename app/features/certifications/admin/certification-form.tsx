import { LIMITS } from "@shared/limits";
import {
  type Certification,
  type CertificationData,
  type CertificationInput,
  certificationInputSchema,
} from "@shared/schemas/certification";
import { Controller } from "react-hook-form";
import { FormFooter } from "~/components/admin/form-footer";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import type { ItemFormProps } from "~/components/admin/item-form-props";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { usePendingUploads } from "~/lib/admin/use-pending-uploads";
import { CERTIFICATION_TEXTS } from "./texts";

/** An empty form, or the certification and the version it was read at. */
function certificationValues(certification: Certification | null): CertificationInput {
  if (!certification) return { nameFr: "", nameEn: "", certifyingBody: "", verificationUrl: "", logoUrl: "", validUntil: "" };
  const { nameFr, nameEn, certifyingBody, verificationUrl, logoUrl, validUntil, version } = certification;
  return { nameFr, nameEn, certifyingBody, verificationUrl, logoUrl, validUntil: validUntil ?? "", version };
}

const TEXT_FIELDS = [
  { key: "nameFr", id: "certification-name-fr" },
  { key: "nameEn", id: "certification-name-en" },
  { key: "certifyingBody", id: "certification-body" },
] as const;

export function CertificationForm({
  certification,
  saving,
  saveError,
  onSave,
  onReloaded,
  onCancel,
  alert,
}: ItemFormProps<CertificationData> & { certification: Certification | null }) {
  const t = useTexts(CERTIFICATION_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const uploads = usePendingUploads();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useZodForm(certificationInputSchema, { defaultValues: certificationValues(certification) });
  const error = (key: keyof CertificationInput) => fieldError(errors, key);

  return (
    <Card>
      <CardHeader title={certification ? t("formTitle.edit") : t("formTitle.create")} />
      <form
        noValidate
        className="space-y-5 p-5"
        onSubmit={uploads.guard(handleSubmit(onSave), () => alert(common("pendingUploads"), common("alertTitle")))}
      >
        <div className="grid gap-5 md:grid-cols-2">
          {TEXT_FIELDS.map(({ key, id }) => (
            <Field key={key} label={t(key)} htmlFor={id} error={error(key)}>
              <Input
                id={id}
                maxLength={LIMITS.nameMax}
                required
                invalid={Boolean(error(key))}
                aria-describedby={describedBy(id, { error: error(key) })}
                {...register(key)}
              />
            </Field>
          ))}
          <Field
            label={t("verificationUrl")}
            htmlFor="certification-url"
            error={error("verificationUrl")}
            hint={t("verificationHint")}
            required={false}
          >
            <Input
              id="certification-url"
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={LIMITS.urlMax}
              invalid={Boolean(error("verificationUrl"))}
              aria-describedby={describedBy("certification-url", { error: error("verificationUrl"), hint: true })}
              {...register("verificationUrl")}
            />
          </Field>
          <Field
            label={t("validUntil")}
            htmlFor="certification-valid-until"
            error={error("validUntil")}
            hint={t("validUntilHint")}
            required={false}
          >
            <Input
              id="certification-valid-until"
              type="date"
              invalid={Boolean(error("validUntil"))}
              aria-describedby={describedBy("certification-valid-until", { error: error("validUntil"), hint: true })}
              {...register("validUntil")}
            />
          </Field>
        </div>
        <Controller
          control={control}
          name="logoUrl"
          render={({ field }) => (
            <ImageUploadField
              id="certification-logo"
              label={t("logo")}
              value={field.value ?? ""}
              onChange={field.onChange}
              onUploadingChange={(busy) => uploads.report("logo", busy)}
              error={error("logoUrl")}
              aspect="aspect-square"
              fit="contain"
            />
          )}
        />
        <FormFooter<Certification>
          submitLabel={certification ? t("update") : t("create")}
          saving={saving}
          onCancel={onCancel}
          uploads={uploads.count}
          uploadsOn="submit"
          conflict={{
            error: saveError,
            onReload: (current) => {
              reset(certificationValues(current));
              onReloaded();
            },
          }}
        />
      </form>
    </Card>
  );
}
