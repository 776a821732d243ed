import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";

/**
 * Permanent redirects of the public site (docs/decisions/0103-redirects.md): a GET of `from_path` that would be a 404
 * answers 301 to `to_path` (its `lang` kept). Paths are normalised: decoded, no trailing slash, no query. `auto` rows
 * are written by a slug change in the same transaction (chains collapsed: every row points at a live address);
 * `manual` rows by an administrator.
 */
export const redirects = pgTable(
  "redirects",
  {
    _id: idColumn(),
    fromPath: text("from_path").notNull().unique(),
    toPath: text("to_path").notNull(),
    kind: text("kind", { enum: ["auto", "manual"] }).notNull(),
    createdAt: createdAt(),
    /** Answers counted in memory and added every few seconds (not one write per hit). */
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    index("redirects_created_idx").on(t.createdAt.desc(), t._id.desc()),
    index("redirects_to_path_idx").on(t.toPath),
    check("redirects_kind_check", sql`${t.kind} in ('auto', 'manual')`),
  ],
);

/**
 * Public pages answered 404 (not /api, not files), most requested first: the path (normalised like a redirect's,
 * at most 300 characters), how often and when last. No IP, no user agent. Counted in memory and upserted in batches;
 * pruned daily to the 10,000 most requested.
 */
export const missingPaths = pgTable(
  "missing_paths",
  {
    path: text("path").primaryKey(),
    hits: integer("hits").notNull().default(0),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("missing_paths_hits_idx").on(t.hits.desc(), t.path)],
);
