import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Overridable so that two checkouts can run their browser suites side by side.
const port = Number(process.env.E2E_PORT ?? 3100);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

/** Where the end-to-end server runs and what it is started with. */
export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  smtpPort,
  dir: path.join(root, ".tmp", "e2e"),
  mailDir: path.join(root, ".tmp", "e2e", "mails"),
  admin: { email: "admin@e2e.test", password: "e2e-admin-password" },
  mailFrom: "Marine Algae <contact@marine-algae.test>",
  /** The e2e SMTP server refuses recipients at these domains: 451 (try again later) or 550 (refused for good). */
  refusingDomains: { "tempfail.example.com": 451, "refused.example.com": 550 },
} as const;
