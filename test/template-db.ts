import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR } from "../server/db/client";
import type { PGLITE_EXTENSION_MODULES } from "../server/db/pglite-settings";

/** A migrated PGlite data directory made once per test run and copied per test file (creating one takes seconds). */
export const TEMPLATE_DIR = path.join(tmpdir(), `marine-algae-pglite-template-${process.pid}`);

export async function createTemplate(): Promise<string> {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  // The extensions the server's worker loads (PGLITE_EXTENSION_MODULES), here imported as modules.
  const extensions: Record<keyof typeof PGLITE_EXTENSION_MODULES, typeof pg_trgm> = { pg_trgm };
  const client = await PGlite.create(path.join(TEMPLATE_DIR, "pglite"), { extensions });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  await client.close();
  return TEMPLATE_DIR;
}

/** A fresh data directory (`into`, else a new temporary one) holding a copy of the migrated template. */
export function copyTemplate(templateDir: string, into?: string): string {
  if (!existsSync(templateDir)) throw new Error(`No database template at ${templateDir}`);
  const dir = into ?? mkdtempSync(path.join(tmpdir(), "marine-algae-test-"));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}
