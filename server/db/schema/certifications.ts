import { date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, imageUrl, updatedAt, versionColumn } from "./columns";
import { products } from "./products";

/**
 * A certification (docs/decisions/0111-certifications.md): a label attached to products, shown on their pages while
 * valid: through its `valid_until` day in Tunisia's time (null: no end).
 */
export const certifications = pgTable(
  "certifications",
  {
    _id: idColumn(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    certifyingBody: text("certifying_body").notNull(),
    verificationUrl: text("verification_url").notNull().default(""),
    logoUrl: imageUrl("logo_url").notNull().default(""),
    validUntil: date("valid_until", { mode: "string" }),
    /** Folded names and body (server/db/text-fold.ts), which the admin search reads. */
    searchText: text("search_text").notNull().default(""),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("certifications_valid_until_idx").on(t.validUntil),
    index("certifications_name_idx").on(t.nameFr, t._id),
    index("certifications_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/**
 * Which certifications a product shows, in its order. Deleting a product drops its links; a certification still
 * attached cannot be deleted (RESTRICT: the API answers 409 `certification.in_use` with the products first).
 */
export const productCertifications = pgTable(
  "product_certifications",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products._id, { onDelete: "cascade" }),
    certificationId: uuid("certification_id")
      .notNull()
      .references(() => certifications._id, { onDelete: "restrict" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.certificationId] }),
    index("product_certifications_certification_idx").on(t.certificationId),
  ],
);
