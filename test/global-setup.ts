import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { createTemplate } from "./template-db";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await createTemplate();
  project.provide("pgliteTemplate", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
