import { settingsInputSchema, settingsSchema } from "../schemas/settings";
import { defineResource } from "./define";
import { fieldsOf } from "./fields";

/** The site's settings: one document (company details, home page texts, footer), versioned as a whole (decision 0102). */
export const settingsResource = defineResource({
  type: "settings",
  label: { fr: { one: "paramètres du site", other: "paramètres du site" }, en: { one: "site settings", other: "site settings" } },
  // Compared place by place by the versions screen (every leaf of the document), not field by field.
  fields: fieldsOf(settingsInputSchema.shape, settingsSchema.shape, {
    company: ["text", { fr: "Entreprise", en: "Company" }, { public: true, compare: false }],
    home: ["text", { fr: "Page d'accueil", en: "Home page" }, { public: true, compare: false }],
    footer: ["text", { fr: "Pied de page", en: "Footer" }, { public: true, compare: false }],
  }),
  storedIn: "data",
  system: ["singleton", "data", "version", "updatedAt"],
  actions: ["read", "update", "restore"],
  notFound: "version",
  singleton: "site",
  admin: { path: "/admin/settings", icon: "Settings", nav: { fr: "Paramètres du site", en: "Site settings" }, group: "site" },
  queryRoot: "settings",
});
