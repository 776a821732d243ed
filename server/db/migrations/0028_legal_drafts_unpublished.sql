-- The legal notice and the privacy policy start as drafts (migration 0014) whose bracketed texts name the company facts
-- to fill in: while any bracket is left in either language, they are not published (issue 32). A page already filled
-- in is left as it is. The same test as `hasPlaceholders` (server/seed/legal-pages.ts): a "[" in a text node.
UPDATE "pages" SET "is_active" = false, "version" = "version" + 1, "updated_at" = now()
WHERE "key" IN ('legal-notice', 'privacy-policy') AND "is_active"
  AND (jsonb_path_exists("body_fr", 'lax $.**.text ? (@ like_regex "[[]")')
    OR jsonb_path_exists("body_en", 'lax $.**.text ? (@ like_regex "[[]")'));
