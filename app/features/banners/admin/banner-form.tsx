import type { Lang } from "@shared/company";
import { LIMITS } from "@shared/limits";
import { bannerResource } from "@shared/resources/banners";
import { editValuesOf, initialValuesOf } from "@shared/resources/define";
import { toSiteLocalInput } from "@shared/schedule";
import { type Banner, type BannerData, type BannerInput, bannerInputSchema } from "@shared/schemas/banner";
import { Controller, type FieldErrors, useWatch } from "react-hook-form";
import { FormFooter } from "~/components/admin/form-footer";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import type { ItemFormProps } from "~/components/admin/item-form-props";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input, Textarea } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { usePendingUploads } from "~/lib/admin/use-pending-uploads";
import type { BannerFormMode } from "./api";
import { BANNERS_TEXTS } from "./texts";

type TextKey = "titleFr" | "titleEn" | "descriptionFr" | "descriptionEn";
const IMAGE_KEYS = ["imageUrlFr", "imageUrlEn"] as const;
const MOBILE_KEYS = ["imageUrlFrMobile", "imageUrlEnMobile"] as const;
/** Form order, for the alert listing what is missing. */
const FIELD_ORDER = [...IMAGE_KEYS, ...MOBILE_KEYS, "titleFr", "titleEn", "descriptionFr", "descriptionEn"] as const;

/** What the form edits: a stored banner (with the version it was read at), or a new one as its declaration starts it. */
function bannerValues(banner: Banner | null): BannerInput {
  const values = banner ? editValuesOf(bannerResource, banner) : initialValuesOf(bannerResource);
  // Shown and entered in Tunisia's time; the shared schema turns them into UTC instants.
  return { ...values, startsAt: toSiteLocalInput(banner?.startsAt), endsAt: toSiteLocalInput(banner?.endsAt) } as BannerInput;
}

/** docs/product.md, "Bannière": the alert lists the labels of the fields the shared schema refused, in form order. */
export function missingFieldsAlert(errors: FieldErrors<BannerInput>, lang: Lang): string {
  const labels = FIELD_ORDER.filter((key) => errors[key]).map((key) => `• ${bannerResource.fields[key].label[lang]}`);
  return `${translate(BANNERS_TEXTS, lang, "missing")}\n${labels.join("\n")}`;
}

export function BannerForm({
  mode,
  saving,
  saveError,
  onSave,
  onReloaded,
  onCancel,
  alert,
}: ItemFormProps<BannerData> & { mode: BannerFormMode }) {
  const t = useTexts(BANNERS_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const uploads = usePendingUploads();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useZodForm(bannerInputSchema, { defaultValues: bannerValues(mode.kind === "edit" ? mode.banner : null) });
  const [descriptionFr = "", descriptionEn = ""] = useWatch({ control, name: ["descriptionFr", "descriptionEn"] });
  const descriptions = { descriptionFr, descriptionEn };

  // A refused schedule (an end not after its start) is said under its field; missing fields are also alerted.
  const submit = handleSubmit(onSave, (invalid) => {
    if (FIELD_ORDER.some((key) => invalid[key])) alert(missingFieldsAlert(invalid, lang), t("missingTitle"));
  });

  const scheduleField = (key: "startsAt" | "endsAt") => {
    const id = `banner-${key}`;
    const error = fieldError(errors, key);
    return (
      <Field key={key} label={bannerResource.fields[key].label[lang]} htmlFor={id} error={error}>
        <Input
          id={id}
          type="datetime-local"
          invalid={Boolean(error)}
          aria-describedby={[describedBy(id, { error }), "banner-schedule-hint"].filter(Boolean).join(" ")}
          {...register(key)}
        />
      </Field>
    );
  };

  const textField = (key: TextKey) => {
    const id = `banner-${key}`;
    const error = fieldError(errors, key);
    const multiline = key === "descriptionFr" || key === "descriptionEn";
    return (
      <Field
        key={key}
        label={bannerResource.fields[key].label[lang]}
        htmlFor={id}
        error={error}
        required
        counter={multiline ? { value: descriptions[key].length, max: LIMITS.bannerDescription } : undefined}
      >
        {multiline ? (
          <Textarea
            id={id}
            maxLength={LIMITS.bannerDescription}
            rows={4}
            invalid={Boolean(error)}
            aria-describedby={describedBy(id, { error, hint: true })}
            {...register(key)}
          />
        ) : (
          <Input
            id={id}
            maxLength={LIMITS.nameMax}
            invalid={Boolean(error)}
            aria-describedby={describedBy(id, { error })}
            {...register(key)}
          />
        )}
      </Field>
    );
  };

  const title = t(`formTitle.${mode.kind}`);

  return (
    <Card>
      <CardHeader title={title} />
      <form noValidate className="space-y-8 p-5" onSubmit={uploads.guard(submit, () => alert(common("pendingUploads")))}>
        {(
          [
            [t("sections.images"), IMAGE_KEYS, { required: true }],
            [t("sections.mobile"), MOBILE_KEYS, { hint: t("mobileHint"), aspect: "aspect-square", previewWidth: "max-w-48" }],
          ] as const
        ).map(([legend, keys, look]) => (
          <fieldset key={legend} className="space-y-5">
            <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{legend}</legend>
            <div className="grid gap-6 xl:grid-cols-2">
              {keys.map((key) => (
                <Controller
                  key={key}
                  control={control}
                  name={key}
                  render={({ field }) => (
                    <ImageUploadField
                      id={`banner-${key}`}
                      label={bannerResource.fields[key].label[lang]}
                      value={field.value ?? ""}
                      onChange={field.onChange}
                      onUploadingChange={(busy) => uploads.report(key, busy)}
                      error={fieldError(errors, key)}
                      {...look}
                    />
                  )}
                />
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset>
          <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{t("sections.texts")}</legend>
          <div className="grid gap-5 md:grid-cols-2">
            {textField("titleFr")}
            {textField("titleEn")}
            {textField("descriptionFr")}
            {textField("descriptionEn")}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-slate-600">{t("sections.schedule")}</legend>
          <p id="banner-schedule-hint" className="mb-3 text-xs text-slate-600">
            {t("scheduleHint")}
          </p>
          <div className="grid gap-5 md:grid-cols-2">
            {scheduleField("startsAt")}
            {scheduleField("endsAt")}
          </div>
        </fieldset>
        <FormFooter<Banner>
          submitLabel={t("save")}
          saving={saving}
          onCancel={onCancel}
          uploads={uploads.count}
          conflict={{
            error: saveError,
            onReload: (current) => {
              reset(bannerValues(current));
              onReloaded();
            },
          }}
        />
      </form>
    </Card>
  );
}
