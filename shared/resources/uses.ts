import { z } from "zod";
import { LIMITS } from "../limits";
import { requiredText, slugSchema } from "../schemas/common";
import { msg } from "../validation-messages";
import { defineResource, inputSchemaOf, outputSchemaOf } from "./define";
import { field, pair } from "./fields";

/** Lists are shown by this number (smallest first), then by French name. */
export const USE_POSITION_MAX = 999;

/**
 * The fields of a managed list of uses (applications, functions: decision 0124): a stable slug the product finder's
 * addresses name, its name in both languages, its place in lists, and whether products may still be given it.
 */
const listFields = (name: { fr: string; en: string }) => ({
  slug: field("slug", { fr: "Slug (adresse du filtre)", en: "Slug (filter address)" }, slugSchema, z.string(), { public: true }),
  ...pair("name", name, (_lang, label) => field("text", label, requiredText(LIMITS.nameMax), z.string(), { public: true })),
  position: field(
    "integer",
    { fr: "Ordre d'affichage", en: "Display order" },
    z
      .number(msg("position.invalid", { max: USE_POSITION_MAX }))
      .int(msg("position.invalid", { max: USE_POSITION_MAX }))
      .min(0, msg("position.invalid", { max: USE_POSITION_MAX }))
      .max(USE_POSITION_MAX, msg("position.invalid", { max: USE_POSITION_MAX }))
      .default(0),
    z.number(),
    { public: true },
  ),
  isActive: field(
    "boolean",
    { fr: "Actif (proposé dans les fiches produit)", en: "Active (offered on product sheets)" },
    z.boolean().default(true),
    z.boolean(),
  ),
});

/** An application a product serves: food, cosmetics, nutraceuticals, feed, agriculture… */
export const applicationResource = defineResource({
  type: "application",
  label: { fr: { one: "application", other: "applications", gender: "f" }, en: { one: "application", other: "applications" } },
  fields: listFields({ fr: "Nom", en: "Name" }),
  system: ["_id", "version", "createdAt", "updatedAt"],
  actions: ["list", "read", "create", "update", "switch", "delete", "restore"],
  access: { editor: "all", sales: ["list", "read"] },
  notFound: "application",
  admin: {
    path: "/admin/applications",
    icon: "Layers",
    nav: { fr: "Applications", en: "Applications" },
    group: "content",
    screen: {
      intro: {
        fr: "Les applications proposées dans les fiches produit (alimentaire, cosmétique…) ; le slug sert d'adresse au filtre du catalogue.",
        en: "The applications offered on product sheets (food, cosmetics…); the slug is the catalogue filter's address.",
      },
      columns: [
        { field: "name", label: { fr: "Application", en: "Application" } },
        { field: "slug", label: { fr: "Slug", en: "Slug" } },
        { field: "position", label: { fr: "Ordre", en: "Order" } },
      ],
    },
  },
  queryRoot: "applications",
});

/** A function a product fills: gelling agent, thickener, humectant, antioxidant, biostimulant… */
export const functionResource = defineResource({
  type: "function",
  label: { fr: { one: "fonction", other: "fonctions", gender: "f" }, en: { one: "function", other: "functions" } },
  fields: listFields({ fr: "Nom", en: "Name" }),
  system: ["_id", "version", "createdAt", "updatedAt"],
  actions: ["list", "read", "create", "update", "switch", "delete", "restore"],
  access: { editor: "all", sales: ["list", "read"] },
  notFound: "function",
  admin: {
    path: "/admin/functions",
    icon: "FlaskConical",
    nav: { fr: "Fonctions", en: "Functions" },
    group: "content",
    screen: {
      intro: {
        fr: "Les fonctions proposées dans les fiches produit (gélifiant, épaississant…) ; le slug sert d'adresse au filtre du catalogue.",
        en: "The functions offered on product sheets (gelling agent, thickener…); the slug is the catalogue filter's address.",
      },
      columns: [
        { field: "name", label: { fr: "Fonction", en: "Function" } },
        { field: "slug", label: { fr: "Slug", en: "Slug" } },
        { field: "position", label: { fr: "Ordre", en: "Order" } },
      ],
    },
  },
  queryRoot: "functions",
});

export const applicationInputSchema = inputSchemaOf(applicationResource);
export const applicationSchema = outputSchemaOf(applicationResource);
export type Application = z.output<typeof applicationSchema>;
export const functionInputSchema = inputSchemaOf(functionResource);
export const functionSchema = outputSchemaOf(functionResource);
export type ProductFunction = z.output<typeof functionSchema>;
/** One entry of a list as the product form and the product page read it. */
export const useItemSchema = z.object({ _id: z.string(), slug: z.string(), nameFr: z.string(), nameEn: z.string(), isActive: z.boolean() });
export type UseItem = z.output<typeof useItemSchema>;
