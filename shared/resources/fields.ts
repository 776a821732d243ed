import type { z } from "zod";

/** What kind of value a field holds: how the version comparison shows it and how a form edits it. */
export type FieldKind =
  | "text"
  | "longText"
  | "rich"
  | "url"
  | "image"
  | "integer"
  | "boolean"
  | "date"
  | "day"
  | "slug"
  | "choice"
  | "reference";

/** A label in both languages. */
export type Label = { readonly fr: string; readonly en: string };

/** One field of a resource as its declaration states it (docs/how-to-add.md). */
export type Field<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> = {
  readonly kind: FieldKind;
  readonly label: Label;
  /** The value as a form or the API sends it: the shared validator, with its limits and messages. */
  readonly input: In;
  /** The value as the API answers it. */
  readonly output: Out;
  /** `fr`/`en`: one half of a bilingual pair (`nameFr`/`nameEn`), shown side by side. */
  readonly lang?: "fr" | "en";
  /** A history line names it when a write changes it (decision 0084). */
  readonly history: boolean;
  /** The version comparison shows it (decision 0106). */
  readonly compare: boolean;
  /** Public pages read it. */
  readonly public: boolean;
  /** What a new item's form starts with. */
  readonly initial: unknown;
  /** The key history and the version comparison read instead (an id shown by its item's name: `categoryId` as `category`). */
  readonly shownAs?: string;
};

type FieldOptions = Partial<Pick<Field, "history" | "compare" | "public" | "lang" | "shownAs">> & { initial?: unknown };

/** A field: compared and named by history unless told otherwise; not public unless told. */
export function field<In extends z.ZodType, Out extends z.ZodType>(
  kind: FieldKind,
  label: Label,
  input: In,
  output: Out,
  options: FieldOptions = {},
): Field<In, Out> {
  const { history = true, compare = true, public: isPublic = false, lang, shownAs, initial = initialOf(kind) } = options;
  return {
    kind,
    label,
    input,
    output,
    history,
    compare,
    public: isPublic,
    initial,
    ...(lang ? { lang } : {}),
    ...(shownAs ? { shownAs } : {}),
  };
}

function initialOf(kind: FieldKind): unknown {
  if (kind === "boolean") return true;
  if (kind === "integer") return 0;
  if (kind === "day" || kind === "date") return null;
  return "";
}

/**
 * A bilingual pair declared once: `pair("name", (lang, label) => field(…))` gives `nameFr` and `nameEn`, labelled
 * "Nom (FR)" / "Name (FR)" and "Nom (EN)" / "Name (EN)".
 */
export function pair<const Base extends string, F extends Field>(
  base: Base,
  label: Label,
  make: (lang: "fr" | "en", label: Label) => F,
): Record<`${Base}Fr` | `${Base}En`, F> {
  const side = (lang: "fr" | "en") => {
    const tag = lang.toUpperCase();
    return { ...make(lang, { fr: `${label.fr} (${tag})`, en: `${label.en} (${tag})` }), lang };
  };
  return { [`${base}Fr`]: side("fr"), [`${base}En`]: side("en") } as Record<`${Base}Fr` | `${Base}En`, F>;
}

/** How one field of an existing schema is described: its kind, its label, and the options of `field`. */
export type FieldSpec = readonly [FieldKind, Label, FieldOptions?];

/**
 * The fields of a resource whose input and output schemas are written by hand (they carry cross-field rules):
 * each named field takes its validators from those schemas, so the declaration cannot drift from them.
 */
export function fieldsOf<
  In extends Record<string, z.ZodType>,
  Out extends Record<string, z.ZodType>,
  const S extends { [K in keyof In & keyof Out]?: FieldSpec },
>(input: In, output: Out, specs: S): { [K in keyof S & keyof In & keyof Out]: Field<In[K], Out[K]> } {
  const out: Record<string, Field> = {};
  for (const [name, spec] of Object.entries(specs) as [string, FieldSpec][]) {
    const [kind, label, options] = spec;
    const inSchema = input[name];
    const outSchema = output[name];
    if (!inSchema || !outSchema) throw new Error(`field ${name} is missing from its schemas`);
    out[name] = field(kind, label, inSchema, outSchema, options);
  }
  return out as unknown as { [K in keyof S & keyof In & keyof Out]: Field<In[K], Out[K]> };
}

/** The optional meta title and description of a public page, in both languages (products, categories, pages). */
export const SEO_SPECS = {
  metaTitleFr: ["text", { fr: "Titre SEO (FR)", en: "SEO title (FR)" }, { lang: "fr" }],
  metaTitleEn: ["text", { fr: "Titre SEO (EN)", en: "SEO title (EN)" }, { lang: "en" }],
  metaDescriptionFr: ["longText", { fr: "Description SEO (FR)", en: "SEO description (FR)" }, { lang: "fr" }],
  metaDescriptionEn: ["longText", { fr: "Description SEO (EN)", en: "SEO description (EN)" }, { lang: "en" }],
} as const satisfies Record<string, FieldSpec>;
