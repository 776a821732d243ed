/** Starts a local SMTP server (mails saved as JSON) and the real production server on a fresh embedded database. */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { COMPILED_MAIN } from "../test/server-process";
import { E2E } from "./config";

rmSync(E2E.dir, { recursive: true, force: true });
mkdirSync(E2E.mailDir, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  // Recipients the tests use to see the outbox at work: a temporary refusal (retried) and a permanent one.
  onRcptTo(address, _session, callback) {
    const domain = address.address.split("@")[1] ?? "";
    const code = E2E.refusingDomains[domain as keyof typeof E2E.refusingDomains];
    if (code) return callback(Object.assign(new Error(`Mailbox unavailable (test refusal ${code})`), { responseCode: code }));
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        count += 1;
        const record = {
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          from: mail.from?.text ?? "",
          to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? ""),
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          messageId: mail.messageId ?? "",
          inReplyTo: mail.inReplyTo ?? "",
          replyTo: mail.replyTo?.text ?? "",
        };
        writeFileSync(path.join(E2E.mailDir, `${String(count).padStart(5, "0")}.json`), JSON.stringify(record));
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.listen(E2E.smtpPort, "127.0.0.1");

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: String(E2E.port),
  HOST: "127.0.0.1",
  DATA_DIR: path.join(E2E.dir, "data"),
  ADMIN_EMAIL: E2E.admin.email,
  ADMIN_PASSWORD: E2E.admin.password,
  SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
  MAIL_FROM: E2E.mailFrom,
  PUBLIC_URL: E2E.baseURL,
  SEED_DEMO: "true",
  RATE_LIMIT: "false",
  LOG_LEVEL: "warn",
  SHUTDOWN_DELAY_MS: "0",
});
// The compiled server, as production runs it (`npm run build` made it).
await import(pathToFileURL(COMPILED_MAIN).href);
