CREATE TABLE "login_addresses" (
	"user_id" uuid NOT NULL,
	"address_hash" text NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_addresses_user_id_address_hash_pk" PRIMARY KEY("user_id","address_hash")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_invitations" DROP CONSTRAINT "admin_invitations_invited_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "browser" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_addresses" ADD CONSTRAINT "login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_email_idx" ON "contact_submissions" USING btree (lower("email"));--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
-- Pending invitations of administrators removed before invitations were deleted with their inviter.
DELETE FROM "admin_invitations" WHERE "invited_by" IS NULL AND "accepted_at" IS NULL;
--> statement-breakpoint
-- Visits recorded before only the referrer's origin and path and the page's path were kept (issue 16).
UPDATE "analytics_visits" SET "referrer" = CASE WHEN "referrer" ~* '^https?://[^/?#]' THEN regexp_replace(split_part(split_part("referrer", '#', 1), '?', 1), '^([A-Za-z]+://)[^/@]*@', '\1') ELSE '' END WHERE "referrer" ~ '[?#@]' OR ("referrer" <> '' AND "referrer" !~* '^https?://[^/?#]');
--> statement-breakpoint
UPDATE "analytics_visits" SET "page_path" = coalesce(nullif(split_part(split_part("page_path", '#', 1), '?', 1), ''), '/') WHERE "page_path" ~ '[?#]';
