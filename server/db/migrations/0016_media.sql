CREATE TABLE "media" (
	"hash" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"width" integer,
	"height" integer,
	"byte_size" integer,
	"file_name" text DEFAULT '' NOT NULL,
	"alt_fr" text DEFAULT '' NOT NULL,
	"alt_en" text DEFAULT '' NOT NULL,
	"decorative" boolean DEFAULT false NOT NULL,
	"focal_x" integer DEFAULT 50 NOT NULL,
	"focal_y" integer DEFAULT 50 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate(file_name || chr(10) || alt_fr || chr(10) || alt_en, 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝñÑ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyynn'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'))) STORED,
	CONSTRAINT "media_focal_check" CHECK ("media"."focal_x" between 0 and 100 and "media"."focal_y" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at" DESC NULLS LAST,"hash" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_search_idx" ON "media" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Written by hand (drizzle-kit cannot declare these): one index per image column on the hash it names (server/db/image-columns.ts imageHashSql), so the usage of an image is an index look-up per column.
CREATE INDEX "banners_image_url_en_hash_idx" ON "banners" USING btree ((substring("image_url_en" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));--> statement-breakpoint
CREATE INDEX "banners_image_url_en_mobile_hash_idx" ON "banners" USING btree ((substring("image_url_en_mobile" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));--> statement-breakpoint
CREATE INDEX "banners_image_url_fr_hash_idx" ON "banners" USING btree ((substring("image_url_fr" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));--> statement-breakpoint
CREATE INDEX "banners_image_url_fr_mobile_hash_idx" ON "banners" USING btree ((substring("image_url_fr_mobile" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));--> statement-breakpoint
CREATE INDEX "categories_cover_image_url_hash_idx" ON "categories" USING btree ((substring("cover_image_url" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));--> statement-breakpoint
CREATE INDEX "content_blocks_image_url_hash_idx" ON "content_blocks" USING btree ((substring("image_url" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));--> statement-breakpoint
CREATE INDEX "partners_logo_url_hash_idx" ON "partners" USING btree ((substring("logo_url" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));--> statement-breakpoint
CREATE INDEX "products_main_image_url_hash_idx" ON "products" USING btree ((substring("main_image_url" from '([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)')));
