CREATE TABLE "document_downloads_daily" (
	"day" date NOT NULL,
	"document_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_downloads_daily_day_document_id_pk" PRIMARY KEY("day","document_id")
);
--> statement-breakpoint
CREATE TABLE "product_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"title_fr" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"version_label" text DEFAULT '' NOT NULL,
	"document_date" date,
	"visibility" text DEFAULT 'public' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"content_hash" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_downloads_daily" ADD CONSTRAINT "document_downloads_daily_document_id_product_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."product_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_downloads_daily_product_idx" ON "document_downloads_daily" USING btree ("product_id","day","downloads");--> statement-breakpoint
CREATE INDEX "product_documents_product_idx" ON "product_documents" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_documents_hash_idx" ON "product_documents" USING btree ("content_hash");