/**
 * The servers of the browser suite: a template database made once per run (migrated, demo content, the e2e admin), and
 * for each Playwright worker its own copy of it, its own SMTP server (mails saved as JSON) and its own production server.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { LONG_LIVED_NODE_FLAGS, type ServerEnv, type ServerProcess, startServer } from "../test/server-process";
import { E2E, workerPlace } from "./config";

/** What the servers of the suite are started with (the template's too, so that it holds the same admin). */
function serverEnv(baseURL: string): ServerEnv {
  return {
    ADMIN_EMAIL: E2E.admin.email,
    ADMIN_PASSWORD: E2E.admin.password,
    MAIL_FROM: E2E.mailFrom,
    PUBLIC_URL: baseURL,
    SEED_DEMO: "true",
    RATE_LIMIT: "false",
    // Browsers driven by tests fill the contact form in well under the 3 s a person needs (spam rule "too-fast").
    CONTACT_MIN_FILL_MS: "0",
  };
}

const templateData = () => path.join(E2E.templateDir, "data");

/** Starts the compiled server once on an empty folder (migrations, demo seed, admin), then stops it cleanly. */
export async function createTemplate(): Promise<void> {
  rmSync(E2E.dir, { recursive: true, force: true });
  const server = await startServer(templateData(), serverEnv("http://127.0.0.1:3000"));
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.output()}`);
}

/** A local SMTP server writing each message it accepts to `mailDir` as JSON; it refuses the E2E.refusingDomains. */
async function startSmtp(port: number, mailDir: string): Promise<SMTPServer> {
  mkdirSync(mailDir, { recursive: true });
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
            html: typeof mail.html === "string" ? mail.html : "",
            attachments: mail.attachments.map((a) => a.filename ?? ""),
          };
          writeFileSync(path.join(mailDir, `${String(count).padStart(5, "0")}.json`), JSON.stringify(record));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once("error", reject);
    smtp.listen(port, "127.0.0.1", () => resolve());
  });
  return smtp;
}

export type WorkerServer = {
  baseURL: string;
  mailDir: string;
  /** Stops the server (SIGTERM, SIGKILL after 15 s) and the SMTP server. */
  stop(): Promise<void>;
};

/** The server of the worker in slot `parallelIndex`, on a fresh copy of the template database. */
export async function startWorkerServer(parallelIndex: number): Promise<WorkerServer> {
  const place = workerPlace(parallelIndex);
  if (!existsSync(templateData())) throw new Error(`No e2e template at ${templateData()}: the global setup makes it`);
  rmSync(place.dir, { recursive: true, force: true });
  cpSync(templateData(), place.dataDir, { recursive: true });
  const smtp = await startSmtp(place.smtpPort, place.mailDir);
  let server: ServerProcess;
  try {
    server = await startServer(
      place.dataDir,
      { ...serverEnv(place.baseURL), PORT: String(place.port), SMTP_URL: `smtp://127.0.0.1:${place.smtpPort}` },
      LONG_LIVED_NODE_FLAGS,
    );
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  writeFileSync(place.pidFile, String(server.child.pid));
  return {
    baseURL: place.baseURL,
    mailDir: place.mailDir,
    async stop() {
      const killer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
      await server.stop();
      clearTimeout(killer);
      rmSync(place.pidFile, { force: true });
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
