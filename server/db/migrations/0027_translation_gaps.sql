ALTER TABLE "categories" ADD COLUMN "needs_translation" boolean;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "needs_translation" boolean;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "needs_translation" boolean;--> statement-breakpoint
CREATE INDEX "categories_needs_translation_idx" ON "categories" USING btree ("position") WHERE needs_translation;--> statement-breakpoint
CREATE INDEX "pages_needs_translation_idx" ON "pages" USING btree ("created_at","id") WHERE needs_translation;--> statement-breakpoint
CREATE INDEX "products_needs_translation_idx" ON "products" USING btree ("category_id","name_fr","slug") WHERE needs_translation;