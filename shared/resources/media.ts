import { mediaPatchSchema, mediaSchema } from "../schemas/media";
import { defineResource } from "./define";
import { fieldsOf } from "./fields";

/** An image of the media library, found by its content (decision 0103): its texts and crop are edited here. */
export const mediaResource = defineResource({
  type: "media",
  label: { fr: { one: "image", other: "images" }, en: { one: "image", other: "images" } },
  fields: fieldsOf(mediaPatchSchema.shape, mediaSchema.shape, {
    altFr: ["text", { fr: "Texte alternatif (FR)", en: "Alt text (FR)" }, { lang: "fr", public: true }],
    altEn: ["text", { fr: "Texte alternatif (EN)", en: "Alt text (EN)" }, { lang: "en", public: true }],
    decorative: ["boolean", { fr: "Décorative", en: "Decorative" }, { public: true }],
    focalX: ["integer", { fr: "Point focal (x)", en: "Focal point (x)" }, { public: true }],
    focalY: ["integer", { fr: "Point focal (y)", en: "Focal point (y)" }, { public: true }],
  }),
  system: ["hash", "url", "width", "height", "byteSize", "fileName", "version", "createdAt", "updatedAt", "searchText"],
  // Created by an upload, which the history records as an image.
  actions: ["list", "read", "update", "delete"],
  access: { editor: "all" },
  notFound: "media",
  admin: { path: "/admin/media", icon: "Images", nav: { fr: "Médiathèque", en: "Media library" }, group: "content" },
  queryRoot: "media",
});
