ALTER TABLE "contact_submissions" ADD COLUMN "lang" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "product_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "request_type" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "application" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "quantity" double precision;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "quantity_unit" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "spam_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_product_idx" ON "contact_submissions" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_request_type_idx" ON "contact_submissions" USING btree ("request_type","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_spam_idx" ON "contact_submissions" USING btree ("created_at","id") WHERE "contact_submissions"."spam";