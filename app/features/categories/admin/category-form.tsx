import type { Lang } from "@shared/company";
import { categoryResource } from "@shared/resources/categories";
import { editValuesOf, initialValuesOf } from "@shared/resources/define";
import { type Category, type CategoryData, type CategoryInput, categoryInputSchema } from "@shared/schemas/category";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { FormFooter } from "~/components/admin/form-footer";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { SeoFields } from "~/components/admin/seo-fields";
import { FormTranslationGaps } from "~/components/admin/translation-gaps";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input, Textarea } from "~/components/ui/field";
import { categoryIntro } from "~/features/categories/site/category-intro";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { defaultPageTitle } from "~/lib/admin/search-preview";
import { slugify } from "~/lib/admin/slugify";
import { usePendingUploads } from "~/lib/admin/use-pending-uploads";
import { CATEGORY_TEXTS } from "./texts";

const DESCRIPTION_MAX = 2000;

/** The form's values for `category`, with the version the edit starts from; a new one starts from its declaration. */
export function categoryFormValues(category: Category | null): CategoryInput {
  return (category ? editValuesOf(categoryResource, category) : initialValuesOf(categoryResource)) as CategoryInput;
}

type CategoryFormProps = {
  /** The category edited, or null to create one. */
  category: Category | null;
  saving: boolean;
  onSave: (data: CategoryData) => void;
  onCancel: () => void;
  /** Set when the save was refused because someone else changed the category meanwhile. */
  conflict: string | null;
  onReload: () => void;
};

/** Create and edit form of a category, validated by the shared `categoryInputSchema`. */
export function CategoryForm({ category, saving, onSave, onCancel, conflict, onReload }: CategoryFormProps) {
  const t = useTexts(CATEGORY_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const screenLang = useScreenLang();
  const label = (name: keyof typeof categoryResource.fields) => categoryResource.fields[name].label[screenLang];
  const uploads = usePendingUploads();
  const [invalid, setInvalid] = useState(false);
  const [uploadWarning, setUploadWarning] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, dirtyFields },
  } = useZodForm(categoryInputSchema, { defaultValues: categoryFormValues(category), mode: "onTouched" });
  const [slug = "", nameFr = "", nameEn = "", descriptionFr = "", descriptionEn = ""] = useWatch({
    control,
    name: ["slug", "nameFr", "nameEn", "descriptionFr", "descriptionEn"],
  });

  useEffect(() => {
    // Opening the form (or reloading it after a conflict) takes the reader to it.
    headingRef.current?.focus();
  }, []);

  const nameFrField = register("nameFr", {
    onChange: (event: { target: { value: string } }) => {
      if (!category && !dirtyFields.slug) setValue("slug", slugify(event.target.value));
    },
  });

  const pageOf = (lang: Lang): Category => ({
    _id: category?._id ?? "",
    position: category?.position ?? 0,
    version: category?.version ?? 1,
    coverImageUrl: "",
    metaTitleFr: "",
    metaTitleEn: "",
    metaDescriptionFr: "",
    metaDescriptionEn: "",
    slug,
    nameFr,
    nameEn,
    descriptionFr: lang === "fr" ? descriptionFr : "",
    descriptionEn: lang === "en" ? descriptionEn : "",
  });
  const fallback = {
    fr: { title: defaultPageTitle(nameFr, "fr"), description: categoryIntro(pageOf("fr"), "fr") },
    en: { title: defaultPageTitle(nameEn, "en"), description: categoryIntro(pageOf("en"), "en") },
  };

  const submit = handleSubmit(
    (data) => {
      setInvalid(false);
      onSave(data);
    },
    () => setInvalid(true),
  );

  const text = (name: "nameFr" | "nameEn" | "slug", label: string, hint?: string) => {
    const id = `category-${name}`;
    const error = fieldError(errors, name);
    const registration = name === "nameFr" ? nameFrField : register(name);
    return (
      <Field label={label} htmlFor={id} error={error} hint={hint} required>
        <Input id={id} invalid={Boolean(error)} aria-describedby={describedBy(id, { error, hint: Boolean(hint) })} {...registration} />
      </Field>
    );
  };

  const description = (name: "descriptionFr" | "descriptionEn", label: string, value: string) => {
    const id = `category-${name}`;
    const error = fieldError(errors, name);
    return (
      <Field label={label} htmlFor={id} error={error} counter={{ value: value.length, max: DESCRIPTION_MAX }}>
        <Textarea id={id} rows={6} invalid={Boolean(error)} aria-describedby={describedBy(id, { error, hint: true })} {...register(name)} />
      </Field>
    );
  };

  const form = (
    <form
      noValidate
      className="space-y-6"
      aria-labelledby="category-form-title"
      onSubmit={(event) => {
        if (uploads.count > 0) {
          event.preventDefault();
          setUploadWarning(true);
          return;
        }
        setUploadWarning(false);
        void submit(event);
      }}
    >
      <Card>
        <div className="border-b border-slate-200 px-5 py-4">
          <h2 id="category-form-title" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-navy focus:outline-none">
            {category ? t("form.editTitle", { name: category.nameFr }) : t("form.createTitle")}
          </h2>
        </div>
        {conflict && (
          <div
            role="alert"
            className="m-5 mb-0 flex flex-wrap items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
          >
            <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-semibold">{conflict}</p>
              <p className="text-sm">{t("form.conflictHint")}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={onReload}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {t("form.reload")}
            </Button>
          </div>
        )}
        <div className="grid gap-5 p-5 md:grid-cols-2">
          {text("nameFr", label("nameFr"))}
          {text("nameEn", label("nameEn"))}
          <div className="md:col-span-2">{text("slug", label("slug"), category ? t("form.slugEditHint") : t("form.slugHint"))}</div>
        </div>
      </Card>

      <Card>
        <CardHeader title={t("form.sections.cover")} />
        <div className="p-5">
          <Controller
            control={control}
            name="coverImageUrl"
            render={({ field, fieldState }) => (
              <ImageUploadField
                id="category-coverImageUrl"
                label={label("coverImageUrl")}
                hint={t("form.coverHint")}
                value={field.value ?? ""}
                onChange={field.onChange}
                onUploadingChange={(busy) => uploads.report("cover", busy)}
                error={fieldState.error?.message ? fieldError(errors, "coverImageUrl") : undefined}
                aspect="aspect-[4/3]"
              />
            )}
          />
        </div>
      </Card>

      <Card>
        <CardHeader title={t("form.sections.descriptions")} />
        <div className="grid gap-5 p-5 md:grid-cols-2">
          {description("descriptionFr", label("descriptionFr"), descriptionFr)}
          {description("descriptionEn", label("descriptionEn"), descriptionEn)}
        </div>
      </Card>

      <SeoFields
        fields={categoryResource.fields}
        control={control}
        register={register}
        errors={errors}
        idPrefix="category"
        fallback={fallback}
        path={`/category/${slug || "…"}`}
      />

      <FormFooter
        layout="plain"
        submitLabel={category ? t("form.update") : t("form.create")}
        saving={saving}
        onCancel={onCancel}
        cancelLabel={t("cancel")}
        uploads={uploads.count}
        uploadsRefused={uploadWarning && common("pendingUploads")}
        problem={invalid && Object.keys(errors).length > 0 && t("form.invalid")}
      />
    </form>
  );
  // Live "À traduire" markers and counts (decision 0121).
  return (
    <FormTranslationGaps resource={categoryResource} control={control} idPrefix="category">
      {form}
    </FormTranslationGaps>
  );
}
