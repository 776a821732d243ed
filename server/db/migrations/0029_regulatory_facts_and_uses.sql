-- Decision 0124: applications and functions (managed lists, linked to products), regulatory facts of products, the E-number in the public search.
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_slug_unique" UNIQUE("slug")
);--> statement-breakpoint
CREATE TABLE "functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "functions_slug_unique" UNIQUE("slug")
);--> statement-breakpoint
CREATE TABLE "product_applications" (
	"application_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_applications_application_id_product_id_pk" PRIMARY KEY("application_id","product_id")
);--> statement-breakpoint
CREATE TABLE "product_functions" (
	"function_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_functions_function_id_product_id_pk" PRIMARY KEY("function_id","product_id")
);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "e_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "e_number_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cosmos_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "natural_origin_index" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergen_statement_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergen_statement_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gmo_statement_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gmo_statement_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "nagoya_statement_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "nagoya_statement_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "nagoya_document_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "harvest_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sample_available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" drop column "site_search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "site_search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate(name_fr || chr(10) || name_en || chr(10) || short_description_fr || chr(10) || short_description_en || chr(10) || blocks_text || chr(10) || inci_name || chr(10) || cas_numbers || chr(10) || botanical_name || chr(10) || origin_fr || chr(10) || origin_en || chr(10) || form_fr || chr(10) || form_en || chr(10) || packaging_fr || chr(10) || packaging_en || chr(10) || storage_fr || chr(10) || storage_en || chr(10) || e_number, 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝñÑ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyynn'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'))) STORED;--> statement-breakpoint
CREATE INDEX "products_site_search_idx" ON "products" USING gin ("site_search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "product_applications" ADD CONSTRAINT "product_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_applications" ADD CONSTRAINT "product_applications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_functions" ADD CONSTRAINT "product_functions_function_id_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."functions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_functions" ADD CONSTRAINT "product_functions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_order_idx" ON "applications" USING btree ("position","name_fr","id");--> statement-breakpoint
CREATE INDEX "functions_order_idx" ON "functions" USING btree ("position","name_fr","id");--> statement-breakpoint
CREATE INDEX "product_applications_product_idx" ON "product_applications" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_functions_product_idx" ON "product_functions" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_nagoya_document_fk" FOREIGN KEY ("nagoya_document_id") REFERENCES "public"."product_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_harvest_country_idx" ON "products" USING btree ("harvest_country") WHERE is_active;--> statement-breakpoint
CREATE INDEX "products_sample_available_idx" ON "products" USING btree ("sample_available") WHERE is_active;
