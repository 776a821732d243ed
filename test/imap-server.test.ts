import { type FetchMessageObject, ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestImap, type TestImap } from "./imap-server";
import * as shapes from "./mail-shapes";

const ORIGINAL = "<q-2026-11-03-0001@marine-algae.test>";
const base = (n: number): shapes.ReplyShape => ({
  from: "Zoé Müller <zoe@example.fr>",
  to: "Marine Algae <contact@marine-algae.test>",
  subject: "Re: Votre demande de devis — algues séchées",
  inReplyTo: ORIGINAL,
  references: ORIGINAL,
  messageId: `<reply-${n}@client.example>`,
  date: new Date("2026-11-03T11:02:00Z"),
});

const client = (imap: TestImap) =>
  new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });

async function readInbox(imap: TestImap): Promise<FetchMessageObject[]> {
  const reader = client(imap);
  await reader.connect();
  try {
    await reader.mailboxOpen("INBOX", { readOnly: true });
    return await reader.fetchAll("1:*", { uid: true, envelope: true, flags: true, source: true });
  } finally {
    await reader.logout();
  }
}

describe("test IMAP server (a private Dovecot)", () => {
  let imap: TestImap;
  beforeAll(async () => {
    const started = Date.now();
    imap = await startTestImap();
    console.log(`[imap] Dovecot answered on ${imap.host}:${imap.port} after ${Date.now() - started} ms`);
  });
  afterAll(async () => {
    await imap?.stop();
  });
  beforeEach((context) => context.onTestFailed(() => console.log(imap.log().slice(-4000))));

  it("gives a plain imap:// URL whose credentials log in, offers IDLE, UIDPLUS and MOVE, and refuses a wrong password", async () => {
    expect(imap.url).toBe(`imap://${imap.user}:${imap.password}@127.0.0.1:${imap.port}/INBOX`);
    const url = new URL(imap.url);
    const good = new ImapFlow({
      host: url.hostname,
      port: Number(url.port),
      secure: false,
      auth: { user: url.username, pass: url.password },
      logger: false,
    });
    await good.connect();
    // Offered once logged in: push (IDLE), the new UIDs from APPEND and COPY (UIDPLUS), MOVE.
    expect([...good.capabilities.keys()]).toEqual(expect.arrayContaining(["IDLE", "UIDPLUS", "MOVE"]));
    await good.logout();
    const bad = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: imap.user, pass: "wrong" }, logger: false });
    await expect(bad.connect()).rejects.toThrow();
  });

  it("stores every reply shape byte for byte, with its envelope, threading headers and flags", async () => {
    const before = (await readInbox(imap)).length;
    const mails: { name: string; raw: string; flags?: string[] }[] = [
      { name: "gmail", raw: shapes.gmailReply(base(1)) },
      { name: "outlook", raw: shapes.outlookReply(base(2)) },
      { name: "apple", raw: shapes.appleMailReply(base(3)) },
      { name: "html only", raw: shapes.htmlOnlyReply(base(4)) },
      { name: "pdf", raw: await shapes.replyWithPdf(base(5)) },
      { name: "out of office", raw: shapes.outOfOffice(base(6)) },
      {
        name: "bounce",
        raw: shapes.dsnBounce({ ...base(7), from: "Mail Delivery System <MAILER-DAEMON@mx.example>", originalMessageId: ORIGINAL }),
      },
      { name: "forged", raw: shapes.forgedReply({ ...base(8), from: "Zoé Müller <zoe@attacker.example>" }) },
      { name: "no message-id", raw: shapes.noMessageId(base(9)) },
      { name: "huge", raw: shapes.hugeAttachment(base(10), 5_000_000) },
      { name: "bomb", raw: shapes.mailBomb(base(11)) },
      { name: "malformed", raw: shapes.malformedMime(base(12)), flags: ["\\Seen", "\\Flagged"] },
    ];
    for (const mail of mails) await imap.append(mail.raw, mail.flags);

    const stored = (await readInbox(imap)).slice(before);
    expect(stored).toHaveLength(mails.length);
    for (const [i, mail] of mails.entries()) {
      const message = stored[i];
      expect(message?.source?.equals(Buffer.from(mail.raw)), `${mail.name} stored byte for byte`).toBe(true);
      if (mail.name === "no message-id") expect(message?.envelope?.messageId).toBeFalsy();
      else expect(message?.envelope?.messageId).toBe(`<reply-${i + 1}@client.example>`);
    }
    const gmail = stored[0]?.envelope;
    expect(gmail?.subject).toBe("Re: Votre demande de devis — algues séchées");
    expect(gmail?.from).toEqual([{ name: "Zoé Müller", address: "zoe@example.fr" }]);
    expect(gmail?.inReplyTo).toBe(ORIGINAL);
    expect(stored[7]?.envelope?.from?.[0]?.address).toBe("zoe@attacker.example");
    expect([...(stored[11]?.flags ?? [])]).toEqual(expect.arrayContaining(["\\Seen", "\\Flagged"]));
    expect(stored[0]?.flags?.has("\\Seen")).toBe(false);

    // Read back, each shape still says what it was built to say.
    const parse = (i: number) => simpleParser(stored[i]?.source ?? Buffer.alloc(0));
    expect((await parse(0)).text).toContain("On Tue, 3 Nov 2026 at 10:02, Marine Algae <contact@marine-algae.test> wrote:");
    expect((await parse(0)).html).toContain('<blockquote class="gmail_quote"');
    expect((await parse(1)).headers.get("thread-index")).toBeTruthy();
    expect((await parse(1)).html).toContain('<div id="divRplyFwdMsg"');
    expect((await parse(1)).text).toContain("-----Original Message-----");
    expect(stored[2]?.source?.toString()).toContain("format=flowed");
    expect((await parse(2)).text).toContain("On 3 Nov 2026, at 10:02, Marine Algae wrote:");
    expect((await parse(2)).html).toContain('<blockquote type="cite">');
    expect((await parse(3)).html).toContain('<img src="https://tracker.example/p.gif"');
    expect((await parse(4)).attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["Bon de commande signé.pdf", "application/pdf"],
      ["../../etc/passwd.pdf", "application/pdf"],
    ]);
    expect((await parse(4)).attachments[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");
    const ooo = await parse(5);
    expect([ooo.subject, ooo.headers.get("auto-submitted"), ooo.headers.get("x-autoreply")]).toEqual([
      "Out of office: Re: Votre demande de devis — algues séchées",
      "auto-replied",
      "yes",
    ]);
    const bounce = stored[6]?.source?.toString() ?? "";
    expect(bounce).toMatch(/report-type=delivery-status/);
    expect(bounce).toMatch(/Action: failed\r\nStatus: 5\.1\.1/);
    expect(bounce).toContain(`Message-ID: ${ORIGINAL}`);
    expect((await parse(9)).attachments[0]?.size).toBe(5_000_000);
  });

  it("tells an IDLE client of a message appended while it waits", async () => {
    const watcher = client(imap);
    await watcher.connect();
    try {
      // The count now: imapflow updates its mailbox object in place as EXISTS responses arrive.
      const { exists } = await watcher.mailboxOpen("INBOX");
      const arrived = new Promise<number>((resolve) => watcher.on("exists", (event) => resolve(event.count)));
      // Not awaited: idle() resolves only when the IDLE ends (at logout).
      const idling = watcher.idle();
      await imap.append(shapes.gmailReply({ ...base(20), messageId: "<idle@client.example>" }));
      expect(await arrived).toBe(exists + 1);
      await watcher.logout();
      await idling;
    } finally {
      watcher.close();
    }
  });

  it("restart() comes back on the same port with every message; while paused connections are refused", async () => {
    const before = await readInbox(imap);
    const port = imap.port;
    const oldPid = imap.pid;
    await imap.restart();
    expect(imap.port).toBe(port);
    expect(imap.pid).not.toBe(oldPid);
    expect((await readInbox(imap)).map((m) => m.uid)).toEqual(before.map((m) => m.uid));

    await imap.pause();
    expect(imap.pid).toBeUndefined();
    await expect(client(imap).connect()).rejects.toThrow(/ECONNREFUSED/);
    await imap.resume();
    await imap.append(shapes.noMessageId(base(30)));
    expect(await readInbox(imap)).toHaveLength(before.length + 1);
  });
});

describe("test IMAP server shutdown", () => {
  it("stop() ends the Dovecot master and every child process, and the port refuses connections", async () => {
    const imap = await startTestImap();
    const pid = imap.pid;
    if (pid === undefined) throw new Error("no pid while running");
    expect(imap.processes()).toContain(pid);
    // Login, auth, logging… run as children of the master we started.
    expect(imap.processes().length).toBeGreaterThan(1);
    await imap.append(shapes.gmailReply(base(40)));
    await imap.stop();
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
    expect(imap.processes()).toEqual([]);
    await expect(client(imap).connect()).rejects.toThrow(/ECONNREFUSED/);
  });
});
