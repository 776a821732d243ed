import { rmSync } from "node:fs";
import type { ContactSubmission, MailboxStatus, Thread } from "@shared/schemas/contact";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startTestImap, type TestImap } from "../imap-server";
import { gmailReply } from "../mail-shapes";
import { copyTemplate } from "../template-db";
import { contactMessage, login, type ServerProcess, startServer, waitUntil } from "./server-process";

const MAILS = 60;

describe("fault: kill -9 of the server while it imports buyers' answers from the mailbox", () => {
  const dataDir = copyTemplate(inject("pgliteTemplate"));
  let imap: TestImap | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await imap?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("imports every mail exactly once across a kill in the middle of the fetch and a restart", async () => {
    imap = await startTestImap();
    const env = { DATA_DIR: dataDir, IMAP_URL: imap.url, IMAP_POLL_SECONDS: "1" };
    server = await startServer(env);
    const first = server;
    const posted = await fetch(`${first.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactMessage("Devis Ulva")),
    });
    const submission = (await posted.json()) as ContactSubmission;
    const answers = async (url: string) => {
      const token = await login(url);
      const response = await fetch(`${url}/api/contact/${submission._id}/thread`, { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as Thread).entries.filter((e) => e.direction === "in").length;
    };
    for (let i = 0; i < MAILS; i++)
      await imap.append(
        gmailReply({
          from: "visitor@example.com",
          to: "contact@marine-algae.tn",
          subject: `Re: Devis Ulva [#${submission.ref}]`,
          messageId: `<answer-${i}@example.com>`,
          body: `Réponse ${i}`,
        }),
      );
    // The kill lands once some mails are in and others are still to fetch.
    await waitUntil("a first mail imported", async () => (await answers(first.url)) > 0, 60_000);
    first.child.kill("SIGKILL");
    await first.exited;

    server = await startServer(env);
    const second = server;
    await waitUntil(`${MAILS} mails imported`, async () => (await answers(second.url)) >= MAILS, 120_000);
    // A whole poll started after that finds nothing new: none is imported twice.
    const after = Date.now();
    const token = await login(second.url);
    await waitUntil("a poll after the last import", async () => {
      const response = await fetch(`${second.url}/api/contact/mailbox`, { headers: { authorization: `Bearer ${token}` } });
      const status = (await response.json()) as MailboxStatus;
      return status.lastSuccessAt !== null && new Date(status.lastSuccessAt).getTime() > after;
    });
    expect(await answers(second.url)).toBe(MAILS);
    expect(await second.stop()).toBe(0);
    server = undefined;
  }, 300_000);
});
