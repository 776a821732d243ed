import { COMPANY, LANGUAGES, type Lang } from "@shared/company";
import { LIMITS } from "@shared/limits";
import type { Label } from "@shared/resources/fields";
import type { SeoFields as SeoValues } from "@shared/schemas/common";
import { useId } from "react";
import { type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister, useWatch } from "react-hook-form";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field, Input, Textarea } from "~/components/ui/field";
import { SEO_TEXTS } from "~/i18n/admin/seo";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { fieldError } from "~/lib/admin/form";
import { searchSnippet } from "~/lib/admin/search-preview";
import { cn } from "~/lib/cn";

/** What the page shows when an SEO field is empty, per language (its name in the title, its description). */
export type SeoFallback = Record<Lang, { title: string; description: string }>;

const SUFFIX = { fr: "Fr", en: "En" } as const;
const fieldName = (kind: "metaTitle" | "metaDescription", lang: Lang) => `${kind}${SUFFIX[lang]}` as const;

/** The declared SEO fields of the form's resource (`SEO_SPECS`, shared/resources/fields.ts): their labels are the inputs'. */
export type SeoDeclaredFields = { readonly [K in keyof SeoValues]: { readonly label: Label } };

type SeoFieldsProps<T extends FieldValues> = {
  /** The resource's declared fields, e.g. `productResource.fields`. */
  fields: SeoDeclaredFields;
  /** The form's, whose values hold the four fields of `seoFieldsSchema`. */
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Prefix of the inputs' ids, e.g. "category". */
  idPrefix: string;
  fallback: SeoFallback;
  /** The public page's path, e.g. `/category/les-algues`. */
  path: string;
};

/**
 * The optional meta title and description of a public page, French and English side by side, each with a counter
 * against the length search engines show and a search-result preview that follows the typing.
 */
export function SeoFields<T extends FieldValues & Partial<Record<keyof SeoValues, string>>>({
  fields,
  control,
  register,
  errors,
  idPrefix,
  fallback,
  path,
}: SeoFieldsProps<T>) {
  const t = useTexts(SEO_TEXTS);
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} data-testid="seo-fields">
      <CardHeader headingId={headingId} title={t("title")} description={t("intro")} />
      <div className="grid gap-8 p-5 lg:grid-cols-2">
        {LANGUAGES.map((lang) => (
          <SeoLanguage<T>
            key={lang}
            lang={lang}
            fields={fields}
            control={control}
            register={register}
            errors={errors}
            idPrefix={idPrefix}
            fallback={fallback[lang]}
            path={path}
          />
        ))}
      </div>
    </Card>
  );
}

function SeoLanguage<T extends FieldValues>({
  lang,
  fields,
  control,
  register,
  errors,
  idPrefix,
  fallback,
  path,
}: Omit<SeoFieldsProps<T>, "fallback"> & { lang: Lang; fallback: SeoFallback[Lang] }) {
  const t = useTexts(SEO_TEXTS);
  const screenLang = useScreenLang();
  const titleKey = fieldName("metaTitle", lang);
  const descriptionKey = fieldName("metaDescription", lang);
  const titleName = titleKey as Path<T>;
  const descriptionName = descriptionKey as Path<T>;
  const [title, description] = useWatch({ control, name: [titleName, descriptionName] }).map((v: unknown) =>
    typeof v === "string" ? v : "",
  ) as [string, string];
  const language = t(`language.${lang}`);
  const origin = typeof window === "undefined" ? "https://localhost" : window.location.origin;
  const snippet = searchSnippet({
    metaTitle: title,
    metaDescription: description,
    fallbackTitle: fallback.title,
    fallbackDescription: fallback.description,
    origin,
    path: lang === "en" ? `${path}?lang=en` : path,
  });

  const titleId = `${idPrefix}-${titleName}`;
  const descriptionId = `${idPrefix}-${descriptionName}`;
  const titleError = fieldError(errors, titleName);
  const descriptionError = fieldError(errors, descriptionName);

  return (
    <fieldset className="min-w-0 space-y-4" lang={lang}>
      <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">{language}</legend>
      <Field
        label={fields[titleKey].label[screenLang]}
        htmlFor={titleId}
        error={titleError}
        hint={<Counter length={title.trim().length} recommended={LIMITS.metaTitleRecommended} max={LIMITS.metaTitleMax} />}
      >
        <Input
          id={titleId}
          invalid={Boolean(titleError)}
          placeholder={fallback.title}
          aria-describedby={describedBy(titleId, { error: titleError, hint: true })}
          {...register(titleName)}
        />
      </Field>
      <Field
        label={fields[descriptionKey].label[screenLang]}
        htmlFor={descriptionId}
        error={descriptionError}
        hint={
          <Counter length={description.trim().length} recommended={LIMITS.metaDescriptionRecommended} max={LIMITS.metaDescriptionMax} />
        }
      >
        <Textarea
          id={descriptionId}
          rows={3}
          invalid={Boolean(descriptionError)}
          placeholder={fallback.description}
          aria-describedby={describedBy(descriptionId, { error: descriptionError, hint: true })}
          {...register(descriptionName)}
        />
      </Field>
      <SearchResultPreview lang={lang} label={t("previewLabel", { language })} snippet={snippet} />
    </fieldset>
  );
}

/** "42/60 recommandés", amber past the recommended length, red past the hard limit; only the warnings are announced. */
function Counter({ length, recommended, max }: { length: number; recommended: number; max: number }) {
  const t = useTexts(SEO_TEXTS);
  const state = length > max ? "max" : length > recommended ? "long" : "ok";
  return (
    <span className={cn("flex flex-wrap gap-x-2", state === "long" && "text-amber-800", state === "max" && "font-semibold text-red-700")}>
      <span className="tabular-nums" data-testid="seo-counter">
        {t("counter", { length, recommended })}
      </span>
      <span aria-live="polite">{state === "max" ? t("overMax", { max }) : state === "long" ? t("tooLong") : ""}</span>
    </span>
  );
}

/** A search result drawn as Google draws it (site, breadcrumb, blue title, grey description). */
function SearchResultPreview({ lang, label, snippet }: { lang: Lang; label: string; snippet: ReturnType<typeof searchSnippet> }) {
  return (
    <figure aria-label={label} data-testid={`seo-preview-${lang}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="mb-3 text-xs font-medium text-slate-600">{label}</figcaption>
      <div className="font-[Arial,sans-serif]">
        <div className="flex items-center gap-2.5">
          <img src="/logo.svg" alt="" width={26} height={26} className="size-[26px] shrink-0 rounded-full" />
          <div className="min-w-0 leading-tight">
            <p className="truncate text-sm text-[#202124]">
              {COMPANY.name} {COMPANY.tagline}
            </p>
            <p className="truncate text-xs text-[#4d5156]" data-testid="seo-preview-url">
              {snippet.breadcrumb}
            </p>
          </div>
        </div>
        <p className="mt-1.5 text-xl leading-snug break-words text-[#1a0dab]" data-testid="seo-preview-title">
          {snippet.title}
        </p>
        <p className="mt-1 text-sm leading-normal break-words text-[#4d5156]" data-testid="seo-preview-description">
          {snippet.description}
        </p>
      </div>
    </figure>
  );
}
