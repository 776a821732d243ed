-- Decision 0127: the product finder's unfiltered pages in name order, its form and COSMOS filters, on active products.
CREATE INDEX "products_public_name_idx" ON "products" USING btree ("name_fr","slug") WHERE is_active;--> statement-breakpoint
CREATE INDEX "products_form_idx" ON "products" USING btree ("form_fr") WHERE is_active;--> statement-breakpoint
CREATE INDEX "products_cosmos_status_idx" ON "products" USING btree ("cosmos_status") WHERE is_active;