CREATE TABLE "certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"certifying_body" text NOT NULL,
	"verification_url" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_certifications" (
	"product_id" uuid NOT NULL,
	"certification_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_certifications_product_id_certification_id_pk" PRIMARY KEY("product_id","certification_id")
);
--> statement-breakpoint
ALTER TABLE "product_certifications" ADD CONSTRAINT "product_certifications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_certifications" ADD CONSTRAINT "product_certifications_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certifications_valid_until_idx" ON "certifications" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "certifications_name_idx" ON "certifications" USING btree ("name_fr","id");--> statement-breakpoint
CREATE INDEX "certifications_search_idx" ON "certifications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_certifications_certification_idx" ON "product_certifications" USING btree ("certification_id");--> statement-breakpoint
CREATE INDEX "certifications_logo_url_hash_idx" ON "certifications" USING btree ((substring("logo_url" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));
