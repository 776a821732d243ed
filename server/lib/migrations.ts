import { readFileSync } from "node:fs";
import path from "node:path";
import { max } from "drizzle-orm";
import { bigint, pgSchema, serial, text } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { MIGRATIONS_DIR } from "../paths";

type JournalEntry = { idx: number; tag: string; when: number };

/** The migrations this build ships, in order (drizzle-kit's journal). */
export function shippedMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The latest migration of this build: its tag is the schema version written into backups. */
export function latestMigration(): JournalEntry {
  const last = shippedMigrations().at(-1);
  if (!last) throw new Error(`No migration in ${MIGRATIONS_DIR}`);
  return last;
}

/** Drizzle's own bookkeeping table (written by its migrator; not part of our schema, so drizzle-kit ignores it). */
const appliedMigrations = pgSchema("drizzle").table("__drizzle_migrations", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
  createdAt: bigint("created_at", { mode: "number" }),
});

/** Creation time (the journal's `when`) of the newest migration applied to the database, or null when none is. */
export async function appliedMigrationTime(db: Db): Promise<number | null> {
  try {
    const [row] = await db.select({ latest: max(appliedMigrations.createdAt) }).from(appliedMigrations);
    return row?.latest ?? null;
  } catch (error) {
    // 42P01: undefined_table, 3F000: invalid_schema_name: never migrated.
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === "42P01" || code === "3F000") return null;
    throw error;
  }
}
