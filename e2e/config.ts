import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Where the end-to-end server runs and what it is started with. */
export const E2E = {
  port: 3100,
  baseURL: "http://127.0.0.1:3100",
  smtpPort: 2526,
  dir: path.join(root, ".tmp", "e2e"),
  mailDir: path.join(root, ".tmp", "e2e", "mails"),
  admin: { email: "admin@e2e.test", password: "e2e-admin-password" },
  mailFrom: "Marine Algae <contact@marine-algae.test>",
} as const;
