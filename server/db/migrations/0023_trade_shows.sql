CREATE TABLE "trade_shows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"city_fr" text NOT NULL,
	"city_en" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"booth" text DEFAULT '' NOT NULL,
	"website_url" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "trade_shows_starts_on_idx" ON "trade_shows" USING btree ("starts_on","id");--> statement-breakpoint
CREATE INDEX "trade_shows_ends_on_idx" ON "trade_shows" USING btree ("ends_on");