CREATE TABLE "inbound_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_other_address" boolean DEFAULT false NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_text" text NOT NULL,
	"full_text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"bounced_message_id" text,
	"notice" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mails_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"inbound_mail_id" uuid,
	"reply_message_id" text,
	"document_id" uuid,
	"product_id" uuid,
	"content_hash" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_thread_ids" (
	"message_id" text PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"ours" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_cursor" (
	"mailbox" text PRIMARY KEY NOT NULL,
	"uid_validity" bigint DEFAULT 0 NOT NULL,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"imported" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "undeliverable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "ref" text GENERATED ALWAYS AS (upper(right(id::text, 6))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_inbound_mail_id_inbound_mails_id_fk" FOREIGN KEY ("inbound_mail_id") REFERENCES "public"."inbound_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_document_id_product_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."product_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_thread_ids" ADD CONSTRAINT "mail_thread_ids_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_mails_submission_idx" ON "inbound_mails" USING btree ("submission_id","sent_at");--> statement-breakpoint
CREATE INDEX "inbound_mails_from_idx" ON "inbound_mails" USING btree (lower("from_address"));--> statement-breakpoint
CREATE INDEX "mail_attachments_submission_idx" ON "mail_attachments" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "mail_attachments_inbound_idx" ON "mail_attachments" USING btree ("inbound_mail_id");--> statement-breakpoint
CREATE INDEX "mail_attachments_hash_idx" ON "mail_attachments" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "mail_thread_ids_submission_idx" ON "mail_thread_ids" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "contact_state_idx" ON "contact_submissions" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_ref_idx" ON "contact_submissions" USING btree ("ref");--> statement-breakpoint
-- Thread states of shared/thread-states.ts (decision 0115); a thread replied to before states existed is closed.
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_state_check" CHECK ("state" IN ('new', 'waiting_us', 'waiting_customer', 'answered'));--> statement-breakpoint
UPDATE "contact_submissions" SET "state" = 'answered' WHERE jsonb_array_length("replies") > 0;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_kind_check" CHECK ("kind" IN ('reply', 'auto_reply', 'bounce'));--> statement-breakpoint
-- Our Message-IDs so far, so an answer to a mail sent before this version finds its thread.
INSERT INTO "mail_thread_ids" ("message_id", "submission_id", "ours")
  SELECT "message_id", "submission_id", true FROM "mail_outbox" WHERE "submission_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "mail_thread_ids" ("message_id", "submission_id", "ours")
  SELECT r->>'messageId', s."id", true FROM "contact_submissions" s, jsonb_array_elements(s."replies") r
  WHERE coalesce(r->>'messageId', '') <> ''
  ON CONFLICT DO NOTHING;
