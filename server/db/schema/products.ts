import type { MoqUnit } from "@shared/product-facts";
import type { CosmosStatus, ENumberStatus } from "@shared/regulatory-facts";
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  type PgTableExtraConfigValue,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { foldedSql } from "../text-fold";
import { categories } from "./categories";
import { createdAt, idColumn, imageUrl, seoColumns, updatedAt, versionColumn } from "./columns";
import { productDocuments } from "./product-documents";

export const products = pgTable(
  "products",
  {
    _id: idColumn(),
    slug: text("slug").notNull().unique(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    shortDescriptionFr: text("short_description_fr").notNull(),
    shortDescriptionEn: text("short_description_en").notNull(),
    mainImageUrl: imageUrl("main_image_url").notNull(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories._id, { onDelete: "restrict" }),
    isActive: boolean("is_active").notNull().default(true),
    /** An active product is public from this time on (docs/product.md, "Product"); null: at once. */
    publishAt: timestamp("publish_at", { withTimezone: true, mode: "string" }),
    ...seoColumns(),
    /** Key facts (decision 0110): "" or null is a fact not set (not shown). */
    inciName: text("inci_name").notNull().default(""),
    /** CAS numbers, checked, as "9002-18-0, 9000-07-1". */
    casNumbers: text("cas_numbers").notNull().default(""),
    botanicalName: text("botanical_name").notNull().default(""),
    originFr: text("origin_fr").notNull().default(""),
    originEn: text("origin_en").notNull().default(""),
    formFr: text("form_fr").notNull().default(""),
    formEn: text("form_en").notNull().default(""),
    packagingFr: text("packaging_fr").notNull().default(""),
    packagingEn: text("packaging_en").notNull().default(""),
    storageFr: text("storage_fr").notNull().default(""),
    storageEn: text("storage_en").notNull().default(""),
    moqQuantity: doublePrecision("moq_quantity"),
    moqUnit: text("moq_unit").$type<MoqUnit>().notNull().default("kg"),
    shelfLifeMonths: integer("shelf_life_months"),
    /** Regulatory facts (decision 0124, shared/regulatory-facts.ts): "" or null is a fact not set. */
    eNumber: text("e_number").notNull().default(""),
    eNumberStatus: text("e_number_status").$type<ENumberStatus>().notNull().default(""),
    cosmosStatus: text("cosmos_status").$type<CosmosStatus>().notNull().default(""),
    /** ISO 16128 natural origin index, 0 to 1 with two decimals. */
    naturalOriginIndex: doublePrecision("natural_origin_index"),
    allergenStatementFr: text("allergen_statement_fr").notNull().default(""),
    allergenStatementEn: text("allergen_statement_en").notNull().default(""),
    gmoStatementFr: text("gmo_statement_fr").notNull().default(""),
    gmoStatementEn: text("gmo_statement_en").notNull().default(""),
    nagoyaStatementFr: text("nagoya_statement_fr").notNull().default(""),
    nagoyaStatementEn: text("nagoya_statement_en").notNull().default(""),
    /** One of this product's documents (checked by the service); deleting the document empties it. */
    nagoyaDocumentId: uuid("nagoya_document_id"),
    /** ISO 3166-1 alpha-2, "" for none. */
    harvestCountry: text("harvest_country").notNull().default(""),
    sampleAvailable: boolean("sample_available").notNull().default(true),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the admin list's search reads: the French name, the English name and the slug, folded (text-fold.ts), one
     * per line so a search never matches across two of them, kept by the database under a trigram index.
     */
    searchText: text("search_text").generatedAlwaysAs(foldedSql(sql`name_fr || chr(10) || name_en || chr(10) || slug`)),
    /**
     * The plain text of the product's content blocks (French then English of each, in order), written by the database
     * itself: a trigger on content_blocks (migration 0018, decision 0107) rewrites it on every block insert, update or
     * delete. Never written by the application.
     */
    blocksText: text("blocks_text").notNull().default(""),
    /**
     * What the public search reads (decision 0107): names, short descriptions and block texts, both languages, folded,
     * one field per line, under a trigram index; then the key facts' texts (decision 0110: INCI name, CAS numbers,
     * botanical name, origin, form, packaging and storage in both languages), then the E-number (decision 0124).
     */
    siteSearchText: text("site_search_text").generatedAlwaysAs(
      foldedSql(
        sql`name_fr || chr(10) || name_en || chr(10) || short_description_fr || chr(10) || short_description_en || chr(10) || blocks_text || chr(10) || inci_name || chr(10) || cas_numbers || chr(10) || botanical_name || chr(10) || origin_fr || chr(10) || origin_en || chr(10) || form_fr || chr(10) || form_en || chr(10) || packaging_fr || chr(10) || packaging_en || chr(10) || storage_fr || chr(10) || storage_en || chr(10) || e_number`,
      ),
    ),
    /** The names alone, folded: a search whose every word is in them ranks first. */
    nameSearchText: text("name_search_text").generatedAlwaysAs(foldedSql(sql`name_fr || chr(10) || name_en`)),
    /** A text written in one language only (shared/translation-gaps.ts), set by every write; null: not computed yet (decision 0121). */
    needsTranslation: boolean("needs_translation"),
  },
  // Annotated: the Nagoya document's foreign key refers to product_documents, which refers back to products.
  (t): PgTableExtraConfigValue[] => [
    index("products_category_idx").on(t.categoryId, t.isActive),
    index("products_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("products_site_search_idx").using("gin", t.siteSearchText.op("gin_trgm_ops")),
    /** A category page (`/category/:slug?page=N`) reads its 24 rows in this order, without sorting the category. */
    index("products_category_name_idx").on(t.categoryId, t.isActive, t.nameFr, t.slug),
    /** The next scheduled change (services/schedule.ts): the first future publication. */
    index("products_publish_at_idx").on(t.publishAt),
    /** The admin list's "À traduire" filter and the dashboard's count. */
    index("products_needs_translation_idx").on(t.categoryId, t.nameFr, t.slug).where(sql`needs_translation`),
    /** The product finder's filters on the public (active) products: country of harvest, sample available (decision 0124). */
    index("products_harvest_country_idx").on(t.harvestCountry).where(sql`is_active`),
    index("products_sample_available_idx").on(t.sampleAvailable).where(sql`is_active`),
    /** The product finder (decision 0127): its unfiltered pages in order, its form and COSMOS filters and counts. */
    index("products_public_name_idx").on(t.nameFr, t.slug).where(sql`is_active`),
    index("products_form_idx").on(t.formFr).where(sql`is_active`),
    index("products_cosmos_status_idx").on(t.cosmosStatus).where(sql`is_active`),
    // Checked at commit (migration 0032): the document refers back to its product, and a restore writes products first.
    foreignKey({ name: "products_nagoya_document_fk", columns: [t.nagoyaDocumentId], foreignColumns: [productDocuments._id] }).onDelete(
      "set null",
    ),
  ],
);
