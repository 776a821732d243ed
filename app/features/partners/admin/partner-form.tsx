import { LIMITS } from "@shared/limits";
import { editValuesOf, initialValuesOf } from "@shared/resources/define";
import { partnerResource } from "@shared/resources/partners";
import { type Partner, type PartnerData, type PartnerInput, partnerInputSchema } from "@shared/schemas/partner";
import { Controller } from "react-hook-form";
import { DeclaredFields } from "~/components/admin/declared-fields";
import { FormFooter } from "~/components/admin/form-footer";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import type { ItemFormProps } from "~/components/admin/item-form-props";
import { Card, CardHeader } from "~/components/ui/card";
import { Checkbox, describedBy, Field, Input } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { usePendingUploads } from "~/lib/admin/use-pending-uploads";
import { PARTNER_TEXTS } from "./texts";

/**
 * docs/product.md, "Partenaires": a reset form is empty, order 0, active; an edit starts from the partner and the version it
 * was read at.
 */
function partnerValues(partner: Partner | null): PartnerInput {
  return (partner ? editValuesOf(partnerResource, partner) : initialValuesOf(partnerResource)) as PartnerInput;
}

/** The fields this form lays out itself; any other declared field is drawn from its declaration. */
const LAID_OUT = ["name", "websiteUrl", "orderIndex", "isActive", "logoUrl"];

/** The partner form, in English like its screen: the shared schema's messages, English side. */
export function PartnerForm({
  partner,
  saving,
  saveError,
  onSave,
  onReloaded,
  onCancel,
  alert,
}: ItemFormProps<PartnerData> & {
  /** null: create mode. */
  partner: Partner | null;
}) {
  const t = useTexts(PARTNER_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const uploads = usePendingUploads();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useZodForm(partnerInputSchema, { defaultValues: partnerValues(partner) });
  const error = (key: keyof PartnerInput) => fieldError(errors, key, "en");
  const submit = handleSubmit(onSave);

  return (
    <Card>
      <CardHeader title={partner ? t("formTitle.edit") : t("formTitle.create")} />
      <form
        noValidate
        className="space-y-5 p-5"
        onSubmit={uploads.guard(submit, () => alert(common("pendingUploads"), common("alertTitle")))}
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field label={t("name")} htmlFor="partner-name" error={error("name")}>
            <Input
              id="partner-name"
              maxLength={LIMITS.nameMax}
              required
              invalid={Boolean(error("name"))}
              aria-describedby={describedBy("partner-name", { error: error("name") })}
              {...register("name")}
            />
          </Field>
          <Field label={t("website")} htmlFor="partner-website" error={error("websiteUrl")}>
            <Input
              id="partner-website"
              type="url"
              inputMode="url"
              placeholder={t("websitePlaceholder")}
              maxLength={LIMITS.urlMax}
              required
              invalid={Boolean(error("websiteUrl"))}
              aria-describedby={describedBy("partner-website", { error: error("websiteUrl") })}
              {...register("websiteUrl")}
            />
          </Field>
          <Field label={t("order")} htmlFor="partner-order" error={error("orderIndex")} hint={t("orderHint")}>
            <Input
              id="partner-order"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              invalid={Boolean(error("orderIndex"))}
              aria-describedby={describedBy("partner-order", { error: error("orderIndex"), hint: true })}
              {...register("orderIndex")}
            />
          </Field>
          <div className="flex items-end pb-2">
            <Checkbox id="partner-active" label={t("isActive")} {...register("isActive")} />
          </div>
        </div>
        <DeclaredFields
          fields={partnerResource.fields}
          skip={LAID_OUT}
          idPrefix="partner"
          register={register}
          control={control}
          onUploading={uploads.report}
          errors={errors}
          lang="en"
        />
        <Controller
          control={control}
          name="logoUrl"
          render={({ field }) => (
            <ImageUploadField
              id="partner-logo"
              label={t("logo")}
              value={field.value}
              onChange={field.onChange}
              onUploadingChange={(busy) => uploads.report("logo", busy)}
              error={error("logoUrl")}
              aspect="aspect-[3/2]"
              fit="contain"
              required
            />
          )}
        />
        <FormFooter<Partner>
          submitLabel={partner ? t("update") : t("create")}
          saving={saving}
          onCancel={onCancel}
          uploads={uploads.count}
          uploadsOn="submit"
          uploadWarning={t("uploadWarning")}
          conflict={{
            error: saveError,
            onReload: (current) => {
              reset(partnerValues(current));
              onReloaded();
            },
          }}
        />
      </form>
    </Card>
  );
}
