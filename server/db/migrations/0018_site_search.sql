CREATE TABLE "site_search_daily" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_search_daily_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "site_search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate(name_fr || chr(10) || name_en || chr(10) || description_fr || chr(10) || description_en, 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝñÑ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyynn'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "blocks_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "site_search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate(name_fr || chr(10) || name_en || chr(10) || short_description_fr || chr(10) || short_description_en || chr(10) || blocks_text, 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝñÑ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyynn'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate(name_fr || chr(10) || name_en, 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝñÑ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyynn'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'))) STORED;--> statement-breakpoint
CREATE INDEX "site_search_daily_day_idx" ON "site_search_daily" USING btree ("day","term","searches","empty");--> statement-breakpoint
CREATE INDEX "categories_site_search_idx" ON "categories" USING gin ("site_search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_site_search_idx" ON "products" USING gin ("site_search_text" gin_trgm_ops);--> statement-breakpoint
-- Decision 0107: products.blocks_text is the plain text of the product's blocks, kept by the database on every block change.
CREATE FUNCTION "product_blocks_text"(product uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(b.content_fr || chr(10) || b.content_en, chr(10) ORDER BY b.position, b.id), '')
  FROM content_blocks b WHERE b.product_id = product
$$;--> statement-breakpoint
CREATE FUNCTION "content_blocks_refresh_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE products SET blocks_text = product_blocks_text(OLD.product_id) WHERE id = OLD.product_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    UPDATE products SET blocks_text = product_blocks_text(NEW.product_id) WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "content_blocks_refresh_search" AFTER INSERT OR UPDATE OF content_fr, content_en, position, product_id OR DELETE ON "content_blocks"
  FOR EACH ROW EXECUTE FUNCTION content_blocks_refresh_search();--> statement-breakpoint
UPDATE "products" SET "blocks_text" = product_blocks_text("id");
