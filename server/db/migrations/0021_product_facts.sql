-- Decision 0110: the key facts of a product, and their texts in the public search (products.site_search_text, decision 0107).
ALTER TABLE "products" ADD COLUMN "inci_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cas_numbers" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "botanical_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "form_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "form_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packaging_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packaging_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moq_quantity" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moq_unit" text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shelf_life_months" integer;--> statement-breakpoint
ALTER TABLE "products" drop column "site_search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "site_search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate(name_fr || chr(10) || name_en || chr(10) || short_description_fr || chr(10) || short_description_en || chr(10) || blocks_text || chr(10) || inci_name || chr(10) || cas_numbers || chr(10) || botanical_name || chr(10) || origin_fr || chr(10) || origin_en || chr(10) || form_fr || chr(10) || form_en || chr(10) || packaging_fr || chr(10) || packaging_en || chr(10) || storage_fr || chr(10) || storage_en, 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝñÑ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyynn'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'))) STORED;--> statement-breakpoint
CREATE INDEX "products_site_search_idx" ON "products" USING gin ("site_search_text" gin_trgm_ops);
