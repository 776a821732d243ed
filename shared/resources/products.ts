import { productInputSchema, productSchema } from "../schemas/product";
import { defineResource } from "./define";
import { fieldsOf, SEO_SPECS } from "./fields";

/**
 * A product: its sheet, its key facts (decision 0110), and its parts kept in their own tables: content blocks,
 * certifications attached (decision 0111), applications and functions (decision 0124) and documents (their own routes).
 */
export const productResource = defineResource({
  type: "product",
  label: { fr: { one: "produit", other: "produits" }, en: { one: "product", other: "products" } },
  fields: fieldsOf(productInputSchema.shape, productSchema.shape, {
    slug: ["slug", { fr: "Slug (URL unique)", en: "Slug (unique URL)" }, { public: true }],
    nameFr: ["text", { fr: "Nom (FR)", en: "Name (FR)" }, { lang: "fr", public: true }],
    nameEn: ["text", { fr: "Nom (EN)", en: "Name (EN)" }, { lang: "en", public: true }],
    categoryId: ["reference", { fr: "Catégorie", en: "Category" }, { public: true, shownAs: "category" }],
    isActive: ["boolean", { fr: "Produit actif (visible sur le site)", en: "Product active (shown on the site)" }],
    publishAt: ["date", { fr: "Publication programmée (heure de Tunisie)", en: "Scheduled publication (Tunisia time)" }, { initial: null }],
    mainImageUrl: ["image", { fr: "Image principale", en: "Main image" }, { public: true }],
    shortDescriptionFr: ["longText", { fr: "Description courte (FR)", en: "Short description (FR)" }, { lang: "fr", public: true }],
    shortDescriptionEn: ["longText", { fr: "Description courte (EN)", en: "Short description (EN)" }, { lang: "en", public: true }],
    inciName: ["text", { fr: "Nom INCI", en: "INCI name" }, { public: true }],
    botanicalName: ["text", { fr: "Nom botanique", en: "Botanical name" }, { public: true }],
    casNumbers: ["text", { fr: "Numéro CAS", en: "CAS number" }, { public: true }],
    moqQuantity: ["integer", { fr: "Quantité minimale de commande", en: "Minimum order quantity" }, { public: true, initial: null }],
    moqUnit: ["choice", { fr: "Unité de la quantité minimale", en: "Minimum order quantity unit" }, { public: true, initial: "kg" }],
    originFr: ["text", { fr: "Origine (FR)", en: "Origin (FR)" }, { lang: "fr", public: true }],
    originEn: ["text", { fr: "Origine (EN)", en: "Origin (EN)" }, { lang: "en", public: true }],
    formFr: ["text", { fr: "Forme (FR)", en: "Form (FR)" }, { lang: "fr", public: true }],
    formEn: ["text", { fr: "Forme (EN)", en: "Form (EN)" }, { lang: "en", public: true }],
    packagingFr: ["text", { fr: "Conditionnement (FR)", en: "Packaging (FR)" }, { lang: "fr", public: true }],
    packagingEn: ["text", { fr: "Conditionnement (EN)", en: "Packaging (EN)" }, { lang: "en", public: true }],
    storageFr: ["text", { fr: "Conditions de stockage (FR)", en: "Storage conditions (FR)" }, { lang: "fr", public: true }],
    storageEn: ["text", { fr: "Conditions de stockage (EN)", en: "Storage conditions (EN)" }, { lang: "en", public: true }],
    shelfLifeMonths: ["integer", { fr: "Durée de conservation (mois)", en: "Shelf life (months)" }, { public: true, initial: null }],
    eNumber: ["text", { fr: "Numéro E (additif alimentaire UE)", en: "E-number (EU food additive)" }, { public: true }],
    eNumberStatus: ["choice", { fr: "Statut du numéro E", en: "E-number status" }, { public: true, initial: "" }],
    cosmosStatus: ["choice", { fr: "COSMOS (Ecocert)", en: "COSMOS (Ecocert)" }, { public: true, initial: "" }],
    naturalOriginIndex: [
      "text",
      { fr: "Indice d'origine naturelle (ISO 16128)", en: "Natural origin index (ISO 16128)" },
      { public: true, initial: null },
    ],
    allergenStatementFr: ["longText", { fr: "Déclaration allergènes (FR)", en: "Allergen statement (FR)" }, { lang: "fr", public: true }],
    allergenStatementEn: ["longText", { fr: "Déclaration allergènes (EN)", en: "Allergen statement (EN)" }, { lang: "en", public: true }],
    gmoStatementFr: ["longText", { fr: "Déclaration OGM (FR)", en: "GMO statement (FR)" }, { lang: "fr", public: true }],
    gmoStatementEn: ["longText", { fr: "Déclaration OGM (EN)", en: "GMO statement (EN)" }, { lang: "en", public: true }],
    nagoyaStatementFr: [
      "longText",
      { fr: "Déclaration Nagoya / APA (FR)", en: "Nagoya / ABS statement (FR)" },
      { lang: "fr", public: true },
    ],
    nagoyaStatementEn: [
      "longText",
      { fr: "Déclaration Nagoya / APA (EN)", en: "Nagoya / ABS statement (EN)" },
      { lang: "en", public: true },
    ],
    nagoyaDocumentId: ["reference", { fr: "Document Nagoya / APA", en: "Nagoya / ABS document" }, { public: true, initial: null }],
    harvestCountry: ["choice", { fr: "Pays de récolte", en: "Country of harvest" }, { public: true, initial: "" }],
    sampleAvailable: ["boolean", { fr: "Échantillon disponible", en: "Sample available" }, { public: true }],
    ...SEO_SPECS,
  }),
  /**
   * Input kept in their own tables (content_blocks, product_certifications, product_applications, product_functions):
   * compared and restored with the product.
   */
  parts: ["contentBlocks", "certificationIds", "applicationIds", "functionIds"],
  system: ["_id", "version", "createdAt", "updatedAt", "searchText", "blocksText", "siteSearchText", "nameSearchText", "needsTranslation"],
  actions: ["list", "read", "create", "update", "switch", "delete", "restore", "bulk"],
  access: { editor: "all", sales: ["list", "read"] },
  notFound: "product",
  admin: { path: "/admin/products", icon: "Package", nav: { fr: "Produits", en: "Products" }, group: "content" },
  queryRoot: "products",
});
