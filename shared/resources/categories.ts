import { categoryInputSchema, categorySchema } from "../schemas/category";
import { defineResource } from "./define";
import { fieldsOf, SEO_SPECS } from "./fields";

/** A catalogue category: its page, its place in the menu (docs/product.md, "Catégories"). */
export const categoryResource = defineResource({
  type: "category",
  label: { fr: { one: "catégorie", other: "catégories" }, en: { one: "category", other: "categories" } },
  fields: fieldsOf(categoryInputSchema.shape, categorySchema.shape, {
    slug: ["slug", { fr: "Slug (URL unique)", en: "Slug (unique URL)" }, { public: true }],
    nameFr: ["text", { fr: "Nom (FR)", en: "Name (FR)" }, { lang: "fr", public: true }],
    nameEn: ["text", { fr: "Nom (EN)", en: "Name (EN)" }, { lang: "en", public: true }],
    descriptionFr: ["longText", { fr: "Description (FR)", en: "Description (FR)" }, { lang: "fr", public: true }],
    descriptionEn: ["longText", { fr: "Description (EN)", en: "Description (EN)" }, { lang: "en", public: true }],
    coverImageUrl: ["image", { fr: "Image de couverture", en: "Cover image" }, { public: true }],
    ...SEO_SPECS,
  }),
  system: ["_id", "position", "version", "createdAt", "updatedAt", "siteSearchText", "needsTranslation"],
  actions: ["list", "read", "create", "update", "reorder", "delete", "restore"],
  access: { editor: "all", sales: ["list", "read"] },
  notFound: "category",
  admin: { path: "/admin/categories", icon: "FolderTree", nav: { fr: "Catégories", en: "Categories" }, group: "content" },
  queryRoot: "categories",
});
