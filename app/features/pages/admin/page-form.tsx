import { LIMITS } from "@shared/limits";
import { editValuesOf, initialValuesOf } from "@shared/resources/define";
import { pageResource } from "@shared/resources/pages";
import { type RichDoc, richToPlain } from "@shared/schemas/rich-text";
import { type SitePage, type SitePageData, type SitePageInput, sitePageInputSchema } from "@shared/schemas/site-page";
import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { FormFooter } from "~/components/admin/form-footer";
import { RichTextEditor } from "~/components/admin/rich-text";
import { SeoFields } from "~/components/admin/seo-fields";
import { FormTranslationGaps } from "~/components/admin/translation-gaps";
import { Card, CardHeader } from "~/components/ui/card";
import { Checkbox, describedBy, Field, Input } from "~/components/ui/field";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { defaultPageTitle } from "~/lib/admin/search-preview";
import { slugify } from "~/lib/admin/slugify";
import { PAGES_TEXTS } from "./texts";

/** A new page's values, from its declaration. */
export const EMPTY_SITE_PAGE = initialValuesOf(pageResource) as SitePageInput;

/** The form's values from a stored page, with its version (an edit based on an old one is refused). */
export function sitePageInput(page: SitePage): SitePageInput {
  return editValuesOf(pageResource, page) as SitePageInput;
}

type PageFormProps = {
  mode: "create" | "edit";
  initial: SitePageInput;
  onSubmit: (data: SitePageData) => void;
  saving: boolean;
  saveError?: unknown;
  onReloaded?: () => void;
};

const description = (doc: RichDoc | undefined) => (doc ? richToPlain(doc).replace(/\s+/g, " ").slice(0, 300) : "");

/** Create and edit form of a page: titles, slugs, rich texts (fr/en), SEO fields and the publish switch. */
export function PageForm({ mode, initial, onSubmit, saving, saveError, onReloaded }: PageFormProps) {
  const t = useTexts(PAGES_TEXTS);
  const lang = useScreenLang();
  const label = (name: keyof typeof pageResource.fields) => pageResource.fields[name].label[lang];
  const [invalid, setInvalid] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, dirtyFields },
  } = useZodForm(sitePageInputSchema, { defaultValues: initial, mode: "onTouched" });
  const [titleFr = "", titleEn = "", slugFr = "", slugEn = ""] = useWatch({ control, name: ["titleFr", "titleEn", "slugFr", "slugEn"] });
  const [bodyFr, bodyEn] = useWatch({ control, name: ["bodyFr", "bodyEn"] });

  const submit = handleSubmit(
    (data) => {
      setInvalid(false);
      onSubmit(data);
    },
    () => setInvalid(true),
  );

  const slugFollows = (title: "titleFr" | "titleEn", slug: "slugFr" | "slugEn") =>
    register(title, {
      onChange: (event: { target: { value: string } }) => {
        if (mode === "create" && !dirtyFields[slug]) setValue(slug, slugify(event.target.value));
      },
    });

  const text = (name: "titleFr" | "titleEn" | "slugFr" | "slugEn", label: string, hint?: string) => {
    const id = `page-${name}`;
    const error = fieldError(errors, name);
    const registration =
      name === "titleFr" ? slugFollows("titleFr", "slugFr") : name === "titleEn" ? slugFollows("titleEn", "slugEn") : register(name);
    return (
      <Field label={label} htmlFor={id} error={error} hint={hint} required>
        <Input id={id} invalid={Boolean(error)} aria-describedby={describedBy(id, { error, hint: Boolean(hint) })} {...registration} />
      </Field>
    );
  };

  const body = (name: "bodyFr" | "bodyEn", label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <RichTextEditor
          id={`page-${name}`}
          label={label}
          value={field.value as RichDoc}
          onChange={field.onChange}
          onBlur={field.onBlur}
          max={LIMITS.pageBodyMax}
          error={fieldError(errors, name)}
          required
        />
      )}
    />
  );

  const form = (
    <form noValidate className="space-y-6" onSubmit={submit}>
      <Card>
        <CardHeader title={t("form.sections.general")} />
        <div className="grid gap-5 p-5 md:grid-cols-2">
          {text("titleFr", label("titleFr"))}
          {text("titleEn", label("titleEn"))}
          {text("slugFr", label("slugFr"), t("form.slugHint", { path: `/page/${slugFr || "…"}` }))}
          {text("slugEn", label("slugEn"), t("form.slugHint", { path: `/page/${slugEn || "…"}?lang=en` }))}
          <div className="md:col-span-2">
            <Checkbox id="page-isActive" label={label("isActive")} {...register("isActive")} />
          </div>
        </div>
      </Card>

      <Card>
        <CardHeader title={t("form.sections.body")} />
        <div className="grid gap-6 p-5 2xl:grid-cols-2">
          {body("bodyFr", label("bodyFr"))}
          {body("bodyEn", label("bodyEn"))}
        </div>
      </Card>

      <SeoFields
        fields={pageResource.fields}
        control={control}
        register={register}
        errors={errors}
        idPrefix="page"
        path={`/page/${slugFr || "…"}`}
        fallback={{
          fr: { title: defaultPageTitle(titleFr, "fr"), description: description(bodyFr as RichDoc | undefined) },
          en: { title: defaultPageTitle(titleEn, "en"), description: description(bodyEn as RichDoc | undefined) },
        }}
      />

      <FormFooter<SitePage>
        layout="sticky"
        submitLabel={mode === "create" ? t("form.create") : t("form.update")}
        saving={saving}
        cancelTo="/admin/pages"
        cancelLabel={t("form.cancel")}
        problem={invalid && Object.keys(errors).length > 0 && t("form.invalid")}
        conflict={{
          error: saveError,
          onReload: (current) => {
            reset(sitePageInput(current));
            onReloaded?.();
          },
        }}
      />
    </form>
  );
  // Live "À traduire" markers and counts (decision 0121).
  return (
    <FormTranslationGaps resource={pageResource} control={control} idPrefix="page">
      {form}
    </FormTranslationGaps>
  );
}
