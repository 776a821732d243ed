/**
 * Before the workers start: the build and the template database they copy, unless npm test made them already
 * (E2E_SKIP_BUILD, E2E_TEMPLATE_READY: it makes the template alongside the API tests, e2e/create-template.ts).
 */
import { spawnSync } from "node:child_process";
import { PROJECT_ROOT } from "../server/paths";
import { stopLeftoverServers } from "./global-teardown";
import { createTemplate } from "./worker-server";

export default async function globalSetup(): Promise<void> {
  stopLeftoverServers();
  if (!process.env.E2E_SKIP_BUILD) {
    const build = spawnSync("npm", ["run", "build"], { cwd: PROJECT_ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  if (!process.env.E2E_TEMPLATE_READY) await createTemplate();
}
