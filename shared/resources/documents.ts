import { documentFieldsSchema, productDocumentSchema } from "../documents";
import { defineResource } from "./define";
import { fieldsOf } from "./fields";

/** A product's document (specification, certificate, safety sheet…), a file with its metadata (decision 0109). */
export const documentResource = defineResource({
  type: "document",
  label: { fr: { one: "document", other: "documents" }, en: { one: "document", other: "documents" } },
  fields: fieldsOf(documentFieldsSchema.shape, productDocumentSchema.shape, {
    kind: ["choice", { fr: "Type", en: "Kind" }, { public: true }],
    language: ["choice", { fr: "Langue", en: "Language" }, { public: true }],
    titleFr: ["text", { fr: "Titre (FR)", en: "Title (FR)" }, { lang: "fr", public: true }],
    titleEn: ["text", { fr: "Titre (EN)", en: "Title (EN)" }, { lang: "en", public: true }],
    versionLabel: ["text", { fr: "Version", en: "Version" }, { public: true }],
    documentDate: ["day", { fr: "Date du document", en: "Document date" }, { public: true }],
    visibility: ["choice", { fr: "Visibilité", en: "Visibility" }],
  }),
  system: ["_id", "productId", "position", "contentHash", "sizeBytes", "fileName", "version", "createdAt", "updatedAt"],
  actions: ["list", "create", "update", "reorder", "delete"],
  access: { editor: "all", sales: ["list"] },
  notFound: "document",
});
