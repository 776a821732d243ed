import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { createPostgresTemplate } from "./postgres-db";
import { createTemplate } from "./template-db";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Name of the migrated template database when the suite runs on PostgreSQL, else "". */
    postgresTemplate: string;
  }
}

/** Per project: the embedded template always (data directories), and PostgreSQL's when the project's `env` names one. */
export default async function setup(project: TestProject) {
  const dir = await createTemplate();
  project.provide("pgliteTemplate", dir);
  const postgresUrl = project.config.env.TEST_DATABASE_URL;
  const postgres = postgresUrl ? await createPostgresTemplate(postgresUrl) : null;
  project.provide("postgresTemplate", postgres?.name ?? "");
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await postgres?.drop();
  };
}
