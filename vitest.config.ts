import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Tests that need no database, no server process and no migrated template: `npm run check` runs only these
 * (`vitest run --project unit --project unit-mocks`). A new test file belongs here when it imports nothing of test/test-app,
 * test/template-db, test/postgres-db or test/server-process.
 */
const UNIT = [
  "app/**/*.test.{ts,tsx}",
  "shared/**/*.test.ts",
  "test/build-freshness.test.ts",
  "test/import-rules.test.ts",
  "test/roles-doc.test.ts",
  "server/env.test.ts",
  "server/db/dir-lock.test.ts",
  "server/db/image-columns.test.ts",
  "server/lib/background-jobs.test.ts",
  "server/lib/breached-passwords.test.ts",
  "server/lib/encryption.test.ts",
  "server/lib/env-file.test.ts",
  "server/lib/history-changes.test.ts",
  "server/lib/memory.test.ts",
  "server/services/mail/mailer.test.ts",
  "server/services/mail/inbound/parse.test.ts",
  "server/services/mail/templates/templates.test.ts",
  "server/services/pdf-check.test.ts",
  "server/services/settings-changes.test.ts",
  "server/services/visit-facts.test.ts",
  "server/services/analytics-counts.test.ts",
];

/** Unit tests that replace a module (`vi.mock`): each runs in a fresh module registry, so the stand-in reaches no other file. */
const MOCKING_MODULES = ["app/features/catalogue/admin/product-form.test.tsx"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a poll waits for (an outbox delivery, a background job): states, never a fixed time; generous, so a busy
    // machine is never a failure.
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    // One more worker than cores: the process tests wait on the servers they start and on their signals, timers and
    // restarts, and a third worker uses that time (2 cores, back to back: 244 → 212 s; decision 0133).
    maxWorkers: Math.min(4, availableParallelism() + 1),
    // Spies, stubbed globals and environment variables are restored before each test, so no test sees another's.
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      // Inline projects inherit this root config (Vitest 5 default, `extends: true` before).
      {
        // One module registry per worker, as for the integration tests: loading React, jsdom and zod once per worker
        // instead of once per file (26 → 18 s).
        test: {
          name: "unit",
          include: UNIT,
          exclude: [...configDefaults.exclude, ...MOCKING_MODULES],
          isolate: false,
          setupFiles: ["./test/dom-setup.ts"],
        },
      },
      { test: { name: "unit-mocks", include: MOCKING_MODULES, setupFiles: ["./test/dom-setup.ts"] } },
      {
        test: {
          // API tests (a real app on a copy of the migrated database), process and fault tests.
          name: "integration",
          include: ["server/**/*.test.ts", "test/faults/**/*.test.ts", "test/*.test.ts"],
          exclude: [...configDefaults.exclude, ...UNIT],
          globalSetup: ["./test/global-setup.ts"],
          // One process per worker for all its files instead of one per file: the server's modules (Fastify, Drizzle,
          // PGlite, React Router) are loaded once per worker, not once per file. Measured on 2 cores: 135 s → 80 s.
          // Each file still opens its own copy of the template database; no test mocks modules or leaves globals stubbed.
          isolate: false,
        },
      },
    ],
  },
});
