DROP INDEX "analytics_daily_dimension_idx";--> statement-breakpoint
CREATE INDEX "analytics_daily_dimension_idx" ON "analytics_daily" USING btree ("dimension","day","value","visits");