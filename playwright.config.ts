import { defineConfig, devices } from "@playwright/test";
import { TEST_CHROMIUM } from "./e2e/chromium";
import { E2E } from "./e2e/config";

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  // Spec files are spread over the workers; the tests of one file run in order in one worker.
  fullyParallel: false,
  // Each worker starts its own server on its own copy of the database (the `server` fixture in e2e/fixtures.ts).
  workers: E2E.workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]] : [["list"]],
  // The build (npm test makes it once before every suite; a lone `npx playwright test` here) and the template database.
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    // Recorded only when a failed test is run again (CI retries once): recording every test's trace (snapshots at each
    // step) cost the whole suite its CPU for traces nobody opened.
    trace: "on-first-retry",
    launchOptions: TEST_CHROMIUM,
    // Transitions, smooth scrolling and the partner carousel's endless loop are off (app.css honours the setting): no
    // frame is drawn for motion nobody watches, and nothing is measured mid-fade. Tests of motion ask for it back.
    reducedMotion: "reduce",
    // A page that never finishes loading, or a click something keeps covering, fails its own step, named, instead of
    // using up the test's whole minute.
    navigationTimeout: 30_000,
    actionTimeout: 30_000,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
});
