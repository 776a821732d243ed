import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR } from "../server/db/client";
import { PGLITE_EXTENSIONS } from "../server/db/pglite-settings";

/** A migrated PGlite data directory made once per test run and copied per test file (creating one takes seconds). */
export const TEMPLATE_DIR = path.join(tmpdir(), `marine-algae-pglite-template-${process.pid}`);

export async function createTemplate(): Promise<string> {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const client = await PGlite.create(path.join(TEMPLATE_DIR, "pglite"), { extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  await client.close();
  return TEMPLATE_DIR;
}

/** A fresh data directory holding a copy of the migrated template. */
export function copyTemplate(templateDir: string): string {
  if (!existsSync(templateDir)) throw new Error(`No database template at ${templateDir}`);
  const dir = mkdtempSync(path.join(tmpdir(), "marine-algae-test-"));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}
