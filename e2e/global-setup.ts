/** Before the workers start: the build (unless npm test made it already) and the template database they copy. */
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
  await createTemplate();
}
