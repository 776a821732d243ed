ALTER TABLE "admin_history" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_history_role_idx" ON "admin_history" USING btree ("role","created_at");--> statement-breakpoint
-- Roles of shared/roles.ts (decision 0114); every account before them was an administrator.
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('admin', 'editor', 'sales'));--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_role_check" CHECK ("role" IN ('admin', 'editor', 'sales'));
