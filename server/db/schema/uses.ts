import { boolean, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt, versionColumn } from "./columns";
import { products } from "./products";

/** The applications a product serves (food, cosmetics…: shared/resources/applications.ts, decision 0124). */
export const applications = pgTable(
  "applications",
  {
    _id: idColumn(),
    /** Stable, lower-case: the product finder's addresses name it. */
    slug: text("slug").notNull().unique(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    /** Lists show them by this number, then by French name. */
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("applications_order_idx").on(t.position, t.nameFr, t._id)],
);

/** The functions a product fills (gelling agent, thickener…: shared/resources/functions.ts, decision 0124). */
export const functions = pgTable(
  "functions",
  {
    _id: idColumn(),
    slug: text("slug").notNull().unique(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("functions_order_idx").on(t.position, t.nameFr, t._id)],
);

/**
 * Which applications a product serves, in its order. The key starts with the application, so the finder's filter by
 * one reads the key; deleting a product drops its links; an application still attached cannot be deleted (RESTRICT:
 * 409 `application.in_use`, like certifications).
 */
export const productApplications = pgTable(
  "product_applications",
  {
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications._id, { onDelete: "restrict" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products._id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.productId] }), index("product_applications_product_idx").on(t.productId)],
);

/** Which functions a product fills, in its order (as `product_applications`). */
export const productFunctions = pgTable(
  "product_functions",
  {
    functionId: uuid("function_id")
      .notNull()
      .references(() => functions._id, { onDelete: "restrict" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products._id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.functionId, t.productId] }), index("product_functions_product_idx").on(t.productId)],
);
