import { sitePageInputSchema, sitePageSchema } from "../schemas/site-page";
import { defineResource } from "./define";
import { fieldsOf, SEO_SPECS } from "./fields";

/** A new page's text: one empty paragraph, what the editor shows. */
const EMPTY_DOC = { type: "doc", content: [{ type: "paragraph" }] };

/** An editable page of the site: legal notice, about… (decision 0102). */
export const pageResource = defineResource({
  type: "page",
  label: { fr: { one: "page", other: "pages" }, en: { one: "page", other: "pages" } },
  fields: fieldsOf(sitePageInputSchema.shape, sitePageSchema.shape, {
    titleFr: ["text", { fr: "Titre (FR)", en: "Title (FR)" }, { lang: "fr", public: true }],
    titleEn: ["text", { fr: "Titre (EN)", en: "Title (EN)" }, { lang: "en", public: true }],
    slugFr: ["slug", { fr: "Slug (FR)", en: "Slug (FR)" }, { lang: "fr", public: true }],
    slugEn: ["slug", { fr: "Slug (EN)", en: "Slug (EN)" }, { lang: "en", public: true }],
    bodyFr: ["rich", { fr: "Texte (FR)", en: "Text (FR)" }, { lang: "fr", public: true, initial: EMPTY_DOC }],
    bodyEn: ["rich", { fr: "Texte (EN)", en: "Text (EN)" }, { lang: "en", public: true, initial: EMPTY_DOC }],
    isActive: [
      "boolean",
      { fr: "Publiée (visible sur le site et dans le pied de page)", en: "Published (shown on the site and in the footer)" },
    ],
    ...SEO_SPECS,
  }),
  system: ["_id", "key", "version", "createdAt", "updatedAt", "needsTranslation"],
  actions: ["list", "read", "create", "update", "switch", "delete", "restore"],
  access: { editor: "all" },
  notFound: "page",
  admin: { path: "/admin/pages", icon: "FileText", nav: { fr: "Pages", en: "Pages" }, group: "content" },
  queryRoot: "pages",
});
