-- Trigram indexes (decision 0093): a contrib extension shipped with PostgreSQL and PGlite, trusted since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "contact_created_idx";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate(full_name || ' ' || email || ' ' || subject || ' ' || message, 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝñÑ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyynn'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'))) STORED;--> statement-breakpoint
CREATE INDEX "contact_search_idx" ON "contact_submissions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_created_idx" ON "contact_submissions" USING btree ("created_at","id");