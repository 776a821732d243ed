import { z } from "zod";
import { LIMITS } from "../limits";
import { httpUrlSchema, imageUrlSchema, requiredText } from "../schemas/common";
import { msg } from "../validation-messages";
import { defineResource } from "./define";
import { field } from "./fields";

/** A partner's logo in the home page's carousel (docs/product.md, "Partenaires"). */
export const partnerResource = defineResource({
  type: "partner",
  label: { fr: { one: "partenaire", other: "partenaires" }, en: { one: "partner", other: "partners" } },
  fields: {
    name: field("text", { fr: "Nom", en: "Name" }, requiredText(LIMITS.nameMax), z.string(), { public: true }),
    logoUrl: field("image", { fr: "Logo", en: "Logo" }, imageUrlSchema, z.string(), { public: true }),
    websiteUrl: field("url", { fr: "Site web", en: "Website" }, httpUrlSchema, z.string(), { public: true }),
    orderIndex: field(
      "integer",
      { fr: "Ordre d'affichage", en: "Display order" },
      z.coerce.number().int(msg("order.integer")).min(0, msg("order.min")).max(100000).default(0),
      z.number(),
    ),
    isActive: field("boolean", { fr: "Actif", en: "Active" }, z.boolean().default(true), z.boolean()),
  },
  system: ["_id", "version", "createdAt", "updatedAt"],
  actions: ["list", "read", "create", "update", "switch", "delete", "restore"],
  access: { editor: "all" },
  notFound: "partner",
  admin: { path: "/admin/partners", icon: "Handshake", nav: { fr: "Partenaires", en: "Partners" }, group: "content" },
  queryRoot: "partners",
});
