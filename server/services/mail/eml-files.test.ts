import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, describe, expect, it } from "vitest";
import { createEmlFiles, EML_SCAN_MAX_BYTES, mentionsAddress, readableText } from "./eml-files";

const ADDRESS = "Erase.Me@example.com";
const dir = mkdtempSync(path.join(tmpdir(), "eml-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A mail as the .eml writer makes it (nodemailer's stream transport), which picks its own encodings. */
async function written(mail: { to?: string; replyTo?: string; subject?: string; text: string; html?: string }): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail({ from: "Marine Algae <contact@marine-algae.test>", to: "company@example.com", ...mail });
  return info.message as Buffer;
}

const raw = (text: string) => Buffer.from(text.replace(/\n/g, "\r\n"), "utf8");

describe("an .eml file names an address when a mail client would show it", () => {
  const cases: { name: string; mail: () => Promise<Buffer>; names: boolean }[] = [
    { name: "in To", mail: () => written({ to: `Visiteur <${ADDRESS}>`, text: "Merci" }), names: true },
    { name: "in Reply-To", mail: () => written({ replyTo: ADDRESS.toLowerCase(), text: "Nouveau message" }), names: true },
    {
      name: "in a quoted-printable text",
      mail: () => written({ text: `Bonjour, ${"x".repeat(50)} écrivez à ${ADDRESS} pour le devis.` }),
      names: true,
    },
    {
      name: "in a base64 text of accented words",
      mail: () => written({ text: `${"é".repeat(70)} Écrivez à ${ADDRESS}, merci.` }),
      names: true,
    },
    { name: "in a base64 text of other scripts", mail: () => written({ text: `${"日本語".repeat(30)} ${ADDRESS}` }), names: true },
    {
      name: "in the HTML part only",
      mail: () => written({ text: "Voir la version HTML", html: `<p><a href="mailto:${ADDRESS}">écrire</a></p>` }),
      names: true,
    },
    { name: "in an encoded subject", mail: () => written({ subject: `Réponse à ${ADDRESS}`, text: "x" }), names: true },
    {
      name: "split by a soft line break in a hand-written quoted-printable body",
      mail: async () =>
        raw(
          `From: a@example.org\nTo: b@example.org\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nContact : erase.me@exam=\nple.com=2E\n`,
        ),
      names: true,
    },
    { name: "at the end of a sentence", mail: () => written({ text: `Écrivez à ${ADDRESS}.` }), names: true },
    { name: "not: a longer address ending with it", mail: () => written({ to: `x${ADDRESS}`, text: `x${ADDRESS}` }), names: false },
    { name: "not: a longer address starting with it", mail: () => written({ to: `${ADDRESS}.tn`, text: `${ADDRESS}.tn` }), names: false },
    { name: "not: another address", mail: () => written({ to: "keep@example.com", text: "Bonjour" }), names: false },
  ];

  it.each(cases)("$name", async ({ mail, names }) => {
    expect(mentionsAddress(readableText(await mail()), ADDRESS)).toBe(names);
  });
});

describe("removing .eml files", () => {
  it("removes the files naming an address, read one at a time, and leaves larger files than a scan reads", async () => {
    const folder = mkdtempSync(path.join(dir, "scan-"));
    const files = createEmlFiles(folder);
    await files.write("<a@x>", await written({ to: ADDRESS, text: "1" }));
    await files.write("<b@x>", await written({ to: "keep@example.com", text: `Voir ${ADDRESS}` }));
    await files.write("<c@x>", await written({ to: "keep@example.com", text: "2" }));
    writeFileSync(path.join(folder, "notes.txt"), ADDRESS);
    writeFileSync(path.join(folder, "huge.eml"), Buffer.alloc(EML_SCAN_MAX_BYTES + 1, ADDRESS));
    expect(await files.removeMentioning(ADDRESS.toUpperCase())).toBe(2);
    expect(readdirSync(folder).sort()).toEqual(["c@x.eml", "huge.eml", "notes.txt"]);
  });

  it("removes the files of given Message-IDs, and the files last written before a time", async () => {
    const folder = mkdtempSync(path.join(dir, "by-row-"));
    const files = createEmlFiles(folder);
    for (const id of ["<old@x>", "<gone@x>", "<new@x>"]) await files.write(id, await written({ text: id }));
    const monthAgo = new Date(Date.now() - 31 * 86_400_000);
    utimesSync(path.join(folder, "old@x.eml"), monthAgo, monthAgo);
    expect(await files.remove(["<gone@x>", "<never-written@x>"])).toBe(1);
    expect(await files.removeOlderThan(new Date(Date.now() - 30 * 86_400_000))).toBe(1);
    expect(readdirSync(folder)).toEqual(["new@x.eml"]);
  });

  it("finds nothing to remove in a folder never written", async () => {
    const files = createEmlFiles(path.join(dir, "never"));
    expect(await files.removeMentioning(ADDRESS)).toBe(0);
    expect(await files.removeOlderThan(new Date())).toBe(0);
    expect(await files.remove(["<a@x>"])).toBe(0);
  });
});
