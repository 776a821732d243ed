import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { createPostgresTemplate, TEST_DATABASE_URL } from "./postgres-db";
import { createTemplate } from "./template-db";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Name of the migrated template database when the suite runs on PostgreSQL, else "". */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await createTemplate();
  project.provide("pgliteTemplate", dir);
  const postgres = TEST_DATABASE_URL ? await createPostgresTemplate() : null;
  project.provide("postgresTemplate", postgres?.name ?? "");
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await postgres?.drop();
  };
}
