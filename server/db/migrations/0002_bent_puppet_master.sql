ALTER TABLE "analytics_visits" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD COLUMN "device" text;