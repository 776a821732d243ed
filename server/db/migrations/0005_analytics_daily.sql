CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visits" integer NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_dimension_idx" ON "analytics_daily" USING btree ("dimension","day");