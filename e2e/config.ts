import { availableParallelism } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".tmp", "e2e");
// Overridable so that two checkouts can run their browser suites side by side: worker n listens on base + n.
const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

/** What every end-to-end server is started with, and where the suite keeps its files. */
export const E2E = {
  /**
   * Playwright workers, each with its own server, database, SMTP server and mail folder (E2E_WORKERS, else one more
   * than the cores, at most 4): a worker's test, browser and server wait on one another, so as many workers as cores
   * left the 2-core machine 15% idle; three kept it 97% busy (back to back: 471 → 405 s, and 573 → 460 s at a slower
   * hour; decision 0131).
   */
  workers: Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism() + 1)),
  dir,
  /** A migrated database with the demo content and the admin, made once per run and copied for each worker. */
  templateDir: path.join(dir, "template"),
  admin: { email: "admin@e2e.test", password: "e2e-admin-password" },
  mailFrom: "Marine Algae <contact@marine-algae.test>",
  /** The e2e SMTP server refuses recipients at these domains: 451 (try again later) or 550 (refused for good). */
  refusingDomains: { "tempfail.example.com": 451, "refused.example.com": 550 },
} as const;

/** The ports and folders of the worker in Playwright's slot `parallelIndex` (0 … workers - 1). */
export function workerPlace(parallelIndex: number) {
  const port = basePort + parallelIndex;
  const workerDir = path.join(dir, `worker-${parallelIndex}`);
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    smtpPort: baseSmtpPort + parallelIndex,
    dir: workerDir,
    dataDir: path.join(workerDir, "data"),
    mailDir: path.join(workerDir, "mails"),
    /** The server's pid while it runs: the global teardown kills one a crashed worker left behind. */
    pidFile: path.join(workerDir, "server.pid"),
  };
}
