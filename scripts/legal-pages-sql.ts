/**
 * Prints the INSERT statements of the legal page drafts (server/seed/legal-pages.ts) as migration 0014 holds them:
 * `node --import tsx scripts/legal-pages-sql.ts`. The migration test proves the stored drafts equal these.
 */
import { LEGAL_PAGES } from "../server/seed/legal-pages";

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

for (const page of LEGAL_PAGES) {
  const values = [
    page.key,
    page.slugFr,
    page.slugEn,
    page.titleFr,
    page.titleEn,
    JSON.stringify(page.bodyFr),
    JSON.stringify(page.bodyEn),
    page.metaDescriptionFr,
    page.metaDescriptionEn,
  ].map(quote);
  console.log(
    `INSERT INTO "pages" ("key", "slug_fr", "slug_en", "title_fr", "title_en", "body_fr", "body_en", "meta_description_fr", "meta_description_en") VALUES (${values.join(", ")}) ON CONFLICT DO NOTHING;--> statement-breakpoint`,
  );
}
