import { describe, expect, it } from "vitest";
import { safeFileName } from "../../../lib/file-name";
import { htmlAsText, parseInbound } from "./parse";

const mail = (headers: string[], body = "Merci !") =>
  Buffer.from([...headers, "Content-Type: text/plain; charset=utf-8", "", body, ""].join("\r\n"));
const BASE = [
  "From: Amira <amira@example.com>",
  "To: contact@marine-algae.test",
  "Subject: Re: Devis [#A1B2C3]",
  "Message-ID: <m1@example.com>",
];

describe("reading an incoming mail", () => {
  it.each([
    ["Auto-Submitted: auto-replied", "auto_reply"],
    ["X-Autoreply: yes", "auto_reply"],
    ["Precedence: bulk", "auto_reply"],
    ["Auto-Submitted: no", "reply"],
    ["X-Mailer: Thunderbird", "reply"],
  ])("classes a mail with %s as %s", async (header, kind) => {
    expect((await parseInbound(mail([...BASE, header]))).kind).toBe(kind);
  });

  it("reads the thread number of the subject, the threading headers and the sender, lower-cased", async () => {
    const parsed = await parseInbound(
      mail([...BASE, "In-Reply-To: <r1@marine-algae.test>", "References: <c1@marine-algae.test> <r1@marine-algae.test>"]),
    );
    expect(parsed).toMatchObject({
      key: "<m1@example.com>",
      refs: ["A1B2C3"],
      inReplyTo: ["<r1@marine-algae.test>"],
      references: ["<c1@marine-algae.test>", "<r1@marine-algae.test>"],
      from: { address: "amira@example.com", name: "Amira" },
    });
  });

  it("keys a mail without Message-ID by the hash of its source, the same each time", async () => {
    const source = mail(BASE.filter((h) => !h.startsWith("Message-ID")));
    const [first, second] = await Promise.all([parseInbound(source), parseInbound(source)]);
    expect(first.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(second.key).toBe(first.key);
  });

  it.each([
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["C:\\Users\\x\\CoA.pdf", "CoA.pdf"],
    [".htaccess", "htaccess"],
    ["a\u0000b\u001f.pdf", "ab.pdf"],
    ["", "piece-jointe"],
    [undefined, "piece-jointe"],
  ])("names the attachment %j as %j", (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });

  it.each([
    [
      "a French Gmail reply",
      "Le mar. 3 nov. 2026 à 10:02, Marine Algae <contact@marine-algae.tn> a écrit :\n> Bonjour,\n> Voici notre offre.",
    ],
    [
      "a French Outlook reply",
      "________________________________\nDe : Marine Algae <contact@marine-algae.tn>\nEnvoyé : mardi 3 novembre 2026 10:02\nÀ : Amira\nObjet : Re: Devis\n\nVoici notre offre.",
    ],
  ])("keeps only the new text of %s", async (_name, history) => {
    const parsed = await parseInbound(mail(BASE, `Merci, envoyez le CoA du lot 24-117.\n\n${history}\n`));
    expect(parsed.text).toBe("Merci, envoyez le CoA du lot 24-117.");
    expect(parsed.fullText).toContain("Voici notre offre.");
  });

  it("turns HTML into text without images, scripts or link targets", () => {
    const text = htmlAsText('<p>Bonjour</p><img src="https://t.example/p.gif"><script>x()</script><a href="javascript:alert(1)">Voir</a>');
    expect(text).toContain("Bonjour");
    expect(text).toContain("Voir");
    for (const gone of ["t.example", "x()", "javascript"]) expect(text).not.toContain(gone);
  });
});
