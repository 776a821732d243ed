import { z } from "zod";
import { LIMITS } from "../limits";
import { scheduleTimeSchema } from "../schedule";
import { imageUrlSchema, optionalImageUrlSchema, requiredText, timestampSchema } from "../schemas/common";
import { defineResource } from "./define";
import { field, pair } from "./fields";

/** The home page's banners, shown within their window (docs/product.md, "Banner"). */
export const bannerResource = defineResource({
  type: "banner",
  label: { fr: { one: "bannière", other: "bannières" }, en: { one: "banner", other: "banners" } },
  fields: {
    ...pair("title", { fr: "Titre", en: "Title" }, (_lang, label) =>
      field("text", label, requiredText(LIMITS.nameMax), z.string(), { public: true }),
    ),
    ...pair("description", { fr: "Description", en: "Description" }, (_lang, label) =>
      field("longText", label, requiredText(LIMITS.bannerDescription), z.string(), { public: true }),
    ),
    ...pair("imageUrl", { fr: "Image desktop", en: "Desktop image" }, (_lang, label) =>
      field("image", label, imageUrlSchema, z.string(), { public: true }),
    ),
    imageUrlFrMobile: field("image", { fr: "Image mobile (FR)", en: "Mobile image (FR)" }, optionalImageUrlSchema, z.string().nullable(), {
      public: true,
      lang: "fr",
      initial: null,
    }),
    imageUrlEnMobile: field("image", { fr: "Image mobile (EN)", en: "Mobile image (EN)" }, optionalImageUrlSchema, z.string().nullable(), {
      public: true,
      lang: "en",
      initial: null,
    }),
    isDefault: field("boolean", { fr: "Bannière par défaut", en: "Default banner" }, z.boolean().optional(), z.boolean(), {
      history: false,
      compare: false,
      initial: false,
    }),
    isActive: field("boolean", { fr: "Actif", en: "Active" }, z.boolean().optional(), z.boolean()),
    /** The window in which the banner may be shown: ISO instants, or site-local times. */
    startsAt: field("date", { fr: "Début", en: "Start" }, scheduleTimeSchema, timestampSchema.nullable()),
    endsAt: field("date", { fr: "Fin", en: "End" }, scheduleTimeSchema, timestampSchema.nullable()),
  },
  system: ["_id", "version", "createdAt", "updatedAt"],
  actions: ["list", "read", "create", "update", "switch", "delete", "restore"],
  access: { editor: "all" },
  notFound: "banner",
  admin: { path: "/admin/banner", icon: "Image", nav: { fr: "Bannière", en: "Banner" }, group: "content" },
  queryRoot: "banners",
});
