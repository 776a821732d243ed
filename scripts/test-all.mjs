#!/usr/bin/env node
// The whole suite: types, lint, unit + API tests (vitest), browser tests (Playwright).
// Ends with one line "N passed, N failed" counted from the runners' JSON reports.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, ".tmp", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
/** The names of the failed tests, printed again at the end so the tail of a long log says what broke. */
const failures = [];

const started = performance.now();
const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;
const timings = [];

/** Runs a step with its output shown as it comes (not blocking: a step started alongside keeps being read). */
function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label}: ${command} ${args.join(" ")}`);
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("close", (code) => {
      timings.push(`${label} ${seconds(start)}`);
      resolve(code === 0);
    });
  });
}

/** Like run, but alongside other steps: the output is kept and printed whole once the step ends. */
function runAlongside(label, command, args) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("close", (code) => {
      console.log(`\n━━ ${label}: ${command} ${args.join(" ")}\n${Buffer.concat(chunks).toString()}`);
      timings.push(`${label} ${seconds(start)}`);
      resolve(code === 0);
    });
  });
}

function check(label, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
    console.log(`✗ ${label} failed`);
  }
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

// One production build serves the process tests (vitest) and the browser suite. First: the process tests refuse a
// build older than its sources (test/build-freshness.ts), so a fresh clone passes and an old build never runs.
// The type check and the lint read the sources only, so they run while the build writes build/.
// TypeScript 7 (the native compiler): route types, then `tsc --noEmit --singleThreaded` (see package.json).
const [built, typed, linted] = await Promise.all([
  runAlongside("build", "npm", ["run", "build"]),
  runAlongside("typecheck", "npm", ["run", "typecheck"]),
  runAlongside("lint", "npx", ["biome", "check", "."]),
]);
check("build", built);
check("typecheck", typed);
check("lint", linted);

async function vitestRun(label, report, args, env) {
  const ok = await run(label, "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${report}`, ...args], env);
  const result = readJson(report);
  if (!result) return check(label, false);
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  for (const file of result.testResults) {
    const name = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) failures.push(`${label}: ${name} › ${test.fullName}`);
    if (file.status === "failed" && failedTests.length === 0) failures.push(`${label}: ${name} (did not load: ${file.message})`);
  }
  if (!ok && result.numFailedTests === 0) failed += 1; // a suite that failed to load
}

// The browser suite's template database (a server's first start: migrations, demo content, admin; ~12 s on one core)
// is made alongside the API tests, which leave a core idle now and then, instead of before the browser tests.
const e2eTemplate = built ? runAlongside("browser tests' template", "node", ["--import", "tsx", "e2e/create-template.ts"]) : null;

// Unit and API tests on the embedded database; with TEST_DATABASE_URL, the API suite again on PostgreSQL.
const postgresUrl = process.env.TEST_DATABASE_URL;
await vitestRun("unit and API tests (PGlite)", path.join(reports, "vitest.json"), [], { TEST_DATABASE_URL: "" });
if (postgresUrl) {
  await vitestRun(
    "API tests (PostgreSQL)",
    path.join(reports, "vitest-postgres.json"),
    [
      "server/routes",
      "server/plugins",
      // The backups that read or restore the suite's database (cli.test.ts and scheduled.test.ts back up an embedded one).
      "server/backup/backup.test.ts",
      "server/backup/archive-entries.test.ts",
      "server/backup/documents-backup.test.ts",
      "server/multi-instance.test.ts",
      "server/services/cache-sync.test.ts",
      // Housekeeping SQL (row text, regular expressions, intervals) proven on the production engine too.
      "server/services/image-sweep.test.ts",
      // The embedded database's upkeep does nothing where autovacuum runs.
      "server/services/db-upkeep.test.ts",
      "server/services/mail/outbox.test.ts",
      "server/services/privacy.test.ts",
      "server/db/visit-privacy-migration.test.ts",
    ],
    { TEST_DATABASE_URL: postgresUrl },
  );
}

const templateReady = e2eTemplate ? await e2eTemplate : false;
if (!templateReady) check("browser tests' template", false);
const playwrightReport = path.join(reports, "playwright.json");
const playwrightOk = await run("browser tests", "npx", ["playwright", "test"], {
  PLAYWRIGHT_JSON: playwrightReport,
  E2E_SKIP_BUILD: "1",
  ...(templateReady ? { E2E_TEMPLATE_READY: "1" } : {}),
});
const playwright = readJson(playwrightReport);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  if (!playwrightOk && playwright.stats.unexpected === 0) failed += 1; // e.g. the web server did not start
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "unexpected") failures.push(`browser tests: ${spec.file}:${spec.line} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwright.suites) walk(suite);
} else check("playwright", false);

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ✗ ${name}`).join("\n")}`);
console.log(`\n${timings.join(", ")}; total ${seconds(started)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
