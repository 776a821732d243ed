import { redirectInputSchema, redirectSchema } from "../schemas/redirect";
import { defineResource } from "./define";
import { fieldsOf } from "./fields";

/** A redirect from an old path of the site to a current one (decision 0101). */
export const redirectResource = defineResource({
  type: "redirect",
  label: { fr: { one: "redirection", other: "redirections" }, en: { one: "redirect", other: "redirects" } },
  fields: fieldsOf(redirectInputSchema.shape, redirectSchema.shape, {
    fromPath: ["text", { fr: "Ancienne adresse", en: "Old path" }],
    toPath: ["text", { fr: "Nouvelle adresse", en: "New path" }],
  }),
  system: ["_id", "kind", "createdAt", "hits", "lastHitAt"],
  actions: ["list", "create", "delete"],
  notFound: "redirect",
  admin: { path: "/admin/redirects", icon: "Signpost", nav: { fr: "Redirections", en: "Redirects" }, group: "site" },
});
