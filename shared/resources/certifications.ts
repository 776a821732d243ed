import { z } from "zod";
import { LIMITS } from "../limits";
import { calendarDaySchema, httpsUrlSchema, imageUrlSchema, requiredText } from "../schemas/common";
import { defineResource } from "./define";
import { field, pair } from "./fields";

/** A certificate the company holds, attached to products (decision 0111). */
export const certificationResource = defineResource({
  type: "certification",
  label: { fr: { one: "certification", other: "certifications" }, en: { one: "certification", other: "certifications" } },
  fields: {
    ...pair("name", { fr: "Nom", en: "Name" }, (_lang, label) =>
      field("text", label, requiredText(LIMITS.nameMax), z.string(), { public: true }),
    ),
    certifyingBody: field("text", { fr: "Organisme certificateur", en: "Certifying body" }, requiredText(LIMITS.nameMax), z.string(), {
      public: true,
    }),
    verificationUrl: field(
      "url",
      { fr: "Lien de vérification", en: "Verification link" },
      z.union([z.literal(""), httpsUrlSchema]).default(""),
      z.string(),
      { public: true },
    ),
    /** Optional: an upload or a media-library image; empty for none. */
    logoUrl: field("image", { fr: "Logo", en: "Logo" }, z.union([z.literal(""), imageUrlSchema]).default(""), z.string(), { public: true }),
    /** The last day it is valid (Tunisia's time); null or empty: no end. */
    validUntil: field(
      "day",
      { fr: "Valide jusqu'au", en: "Valid until" },
      z
        .union([z.literal(""), calendarDaySchema])
        .nullish()
        .transform((v) => v || null),
      z.string().nullable(),
      { public: true },
    ),
  },
  system: ["_id", "version", "createdAt", "updatedAt", "searchText"],
  actions: ["list", "read", "create", "update", "delete", "restore"],
  access: { editor: "all", sales: ["list", "read"] },
  notFound: "certification",
  shownUntil: "validUntil",
  admin: { path: "/admin/certifications", icon: "BadgeCheck", nav: { fr: "Certifications", en: "Certifications" }, group: "content" },
  queryRoot: "certifications",
});
