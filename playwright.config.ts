import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM } from "./e2e/chromium";
import { E2E } from "./e2e/config";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]] : [["list"]],
  use: {
    baseURL: E2E.baseURL,
    trace: "retain-on-failure",
    launchOptions: CHROMIUM,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // npm test builds once before every suite; a lone `npx playwright test` builds here.
    command: process.env.E2E_SKIP_BUILD ? "node --import tsx e2e/serve.ts" : "npm run build && node --import tsx e2e/serve.ts",
    url: `${E2E.baseURL}/api/categories`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
