import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtp, type TestSmtp } from "../../../test/smtp";
import { emlFileName } from "./eml-files";
import { createMailer } from "./index";

const FROM = "Marine Algae <contact@marine-algae.test>";

describe("mailer without SMTP_URL (outbox)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mailer-outbox-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each message as a parseable .eml file in a directory it creates", async () => {
    const outboxDir = path.join(dir, "nested", "outbox");
    const mailer = createMailer({ from: FROM, outboxDir });
    const { messageId } = await mailer.send({
      to: "visitor@example.com",
      replyTo: "other@example.com",
      subject: "Bonjour, algues séchées",
      text: "Première ligne\nDeuxième ligne",
    });
    await mailer.close();

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(readFileSync(path.join(outboxDir, files[0] ?? "")));
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.from?.value[0]).toMatchObject({ address: "contact@marine-algae.test", name: "Marine Algae" });
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : null).toBe("visitor@example.com");
    expect(parsed.replyTo?.value[0]?.address).toBe("other@example.com");
    expect(parsed.subject).toBe("Bonjour, algues séchées");
    expect(parsed.text?.trim()).toBe("Première ligne\nDeuxième ligne");
  });

  it("names each file after its Message-ID, so the file of an outbox row is found from it and a resend replaces it", async () => {
    const outboxDir = path.join(dir, "by-message-id");
    const mailer = createMailer({ from: FROM, outboxDir });
    const message = { to: "visitor@example.com", subject: "Devis", text: "x", messageId: "<4f1c2d3e@marine-algae.test>" };
    await mailer.send(message);
    await mailer.send({ ...message, text: "y" });
    await mailer.close();
    expect(readdirSync(outboxDir)).toEqual([emlFileName(message.messageId)]);
    expect(emlFileName(message.messageId)).toBe("4f1c2d3e@marine-algae.test.eml");
    expect((await simpleParser(readFileSync(path.join(outboxDir, "4f1c2d3e@marine-algae.test.eml")))).text?.trim()).toBe("y");
  });

  it.each([
    ["<../../etc/passwd@x>", "__.._etc_passwd@x.eml"],
    ["<a/b\\c@x>", "a_b_c@x.eml"],
    ["<>", "message.eml"],
  ])("keeps the file of Message-ID %s inside the folder: %s", (messageId, name) => {
    expect(emlFileName(messageId)).toBe(name);
  });

  it("keeps a subject with CR/LF on one line, so no header can be injected", async () => {
    const outboxDir = path.join(dir, "injection");
    const mailer = createMailer({ from: FROM, outboxDir });
    await mailer.send({ to: "visitor@example.com", subject: "Hello\r\nBcc: evil@example.com", text: "x" });
    const [file] = readdirSync(outboxDir);
    const raw = readFileSync(path.join(outboxDir, file ?? ""), "utf8");
    const parsed = await simpleParser(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(raw).not.toMatch(/^bcc:/im);
    expect(parsed.subject).toBe("Hello Bcc: evil@example.com");
  });
});

describe("mailer with SMTP_URL", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.close());

  it("resolves with the Message-ID once the SMTP server accepted the message", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: "/nonexistent" });
    const { messageId } = await mailer.send({
      to: "visitor@example.com",
      subject: "Re: Devis",
      text: "Merci",
      messageId: "<fixed-id@marine-algae.test>",
      inReplyTo: "<previous@marine-algae.test>",
      references: ["<first@marine-algae.test>", "<previous@marine-algae.test>"],
    });
    await mailer.close();
    expect(messageId).toBe("<fixed-id@marine-algae.test>");
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeFrom).toBe("contact@marine-algae.test");
    expect(mail?.envelopeTo).toEqual(["visitor@example.com"]);
    expect(mail?.parsed.messageId).toBe("<fixed-id@marine-algae.test>");
    expect(mail?.parsed.inReplyTo).toBe("<previous@marine-algae.test>");
    expect(mail?.parsed.references).toEqual(["<first@marine-algae.test>", "<previous@marine-algae.test>"]);
  });

  it("rejects when the SMTP server refuses the message", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: "/nonexistent" });
    smtp.setRefuse(true);
    try {
      await expect(mailer.send({ to: "visitor@example.com", subject: "x", text: "x" })).rejects.toThrow(/test refusal/);
    } finally {
      smtp.setRefuse(false);
      await mailer.close();
    }
  });

  it("rejects when no SMTP server listens", async () => {
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: FROM, outboxDir: "/nonexistent" });
    await expect(mailer.send({ to: "visitor@example.com", subject: "x", text: "x" })).rejects.toThrow();
    await mailer.close();
  });

  it("close() waits for a message still being sent", async () => {
    const before = smtp.received.length;
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: "/nonexistent" });
    const sending = mailer.send({ to: "late@example.com", subject: "late", text: "x" });
    await mailer.close();
    expect(smtp.received.length).toBe(before + 1);
    await expect(sending).resolves.toHaveProperty("messageId");
  });
});
