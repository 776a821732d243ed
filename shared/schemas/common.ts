import { z } from "zod";

/** A required text: trimmed, then at least one character. */
export const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Ce champ est requis / This field is required")
    .max(max, `${max} caractères maximum / ${max} characters maximum`);

/** An optional text: trimmed, empty allowed. */
export const optionalText = (max: number) => z.string().trim().max(max, `${max} caractères maximum / ${max} characters maximum`);

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Slug requis / Slug is required")
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug: lettres minuscules, chiffres et tirets / lowercase letters, digits and hyphens");

export const idSchema = z.string().uuid("Identifiant invalide / Invalid id");

const HTTP_URL = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** A website address: absolute http(s) only (no javascript:, data:, …). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => HTTP_URL.test(v) && URL.canParse(v), "URL invalide (http:// ou https://) / Invalid URL (http:// or https://)");

/** An image address: one of our uploads, or an absolute http(s) URL. */
export const imageUrlSchema = z
  .string()
  .trim()
  .min(1, "Image requise / Image is required")
  .max(2048)
  .refine(
    (v) => /^\/uploads\/[\w./-]+$/.test(v) || (HTTP_URL.test(v) && URL.canParse(v)),
    "Adresse d'image invalide / Invalid image address",
  );

/** Optional image: empty string or null/undefined mean "none". */
export const optionalImageUrlSchema = z
  .union([imageUrlSchema, z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

export const isoDate = z.string();
