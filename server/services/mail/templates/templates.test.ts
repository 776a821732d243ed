import { COMPANY, type Lang } from "@shared/company";
import { REPLY_WORKING_DAYS } from "@shared/quote-request";
import { ADMIN_SECURITY } from "@shared/schemas/admin-security";
import type { SettingsData } from "@shared/schemas/settings";
import fc from "fast-check";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { DARK, LIGHT } from "./colors";
import {
  brandFrom,
  confirmationMail,
  invitationMail,
  type MailBrand,
  mailDate,
  notificationMail,
  quotedLines,
  quoteHeader,
  type RenderedMail,
  replyMail,
} from "./index";

const brand: MailBrand = {
  name: "Marine Algae of Tunisia",
  siteUrl: "https://www.marine-algae.test",
  logoUrl: "https://www.marine-algae.test/mail-logo.png",
  address: "Zone industrielle, 7000 Bizerte",
  phone: "+216 72 000 000",
  email: "contact@marine-algae.test",
};

const HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "</style><b>x</b>", "&amp; &lt;"];

const noSignature = { name: "", title: "", phone: "" };
const quoted = { author: "Claire Dupont", isoDate: "2026-11-03T09:02:00.000Z", text: "Bonjour,\n\nUn échantillon ?\nMerci" };

/** The HTML part as a browser reads it. */
function parse(html: string): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
}

/** Every mail kind, built with `text` in each field a user or an administrator can type. */
function everyMail(text: string): Promise<RenderedMail>[] {
  return [
    confirmationMail({ lang: "fr", brand, summaryLines: [`Produit : ${text}`] }),
    notificationMail({
      brand,
      fullName: text,
      email: text,
      phone: text,
      subject: text,
      message: `${text}\n\n${text}`,
      summaryLines: [`Société : ${text}`],
      adminUrl: `${brand.siteUrl}/admin/messages/1`,
    }),
    replyMail({
      lang: "en",
      brand,
      subject: text,
      body: `${text}\n${text}`,
      signature: { name: text, title: text, phone: text },
      quoted: { author: text, isoDate: quoted.isoDate, text },
      attachmentNames: [text],
    }),
    invitationMail({ brand, link: `${brand.siteUrl}/admin/invitation#token=abc`, invitedBy: text, roleLabels: { fr: text, en: text } }),
  ];
}

describe("brandFrom", () => {
  it("names the company as its mails sign, and takes the site's origin, main phone and main e-mail", () => {
    const settings = {
      company: {
        address: "Bizerte",
        emails: [
          { label: { fr: "Ventes", en: "Sales" }, email: "ventes@example.tn" },
          { label: { fr: "Autre", en: "Other" }, email: "autre@example.tn" },
        ],
        phones: [{ label: { fr: "Bureau", en: "Office" }, number: "+216 72 111 111" }],
      },
    } as SettingsData;
    expect(brandFrom("https://example.tn/", settings)).toEqual({
      name: `${COMPANY.name} ${COMPANY.tagline}`,
      siteUrl: "https://example.tn",
      logoUrl: "https://example.tn/mail-logo.png",
      address: "Bizerte",
      phone: "+216 72 111 111",
      email: "ventes@example.tn",
    });
    expect(brandFrom("https://example.tn/", settings).name).toBe("Marine Algae of Tunisia");
  });
});

describe("text parts", () => {
  /** The buyer's confirmation as server/services/inbox.ts wrote it before the templates. */
  const todaysConfirmation = (lang: Lang, summary: string[]) =>
    lang === "en"
      ? {
          subject: "We received your message",
          text: [
            "Hello,",
            "",
            `Thank you for your message. A member of our team will answer you personally within ${REPLY_WORKING_DAYS} working days, by e-mail at this address.`,
            ...(summary.length > 0 ? ["", "Your request:", ...summary] : []),
            "",
            "To add something, simply reply to this e-mail.",
            "",
            "Marine Algae of Tunisia",
          ].join("\n"),
        }
      : {
          subject: "Nous avons bien reçu votre message",
          text: [
            "Bonjour,",
            "",
            `Merci pour votre message. Un membre de notre équipe vous répondra personnellement sous ${REPLY_WORKING_DAYS} jours ouvrés, par e-mail à cette adresse.`,
            ...(summary.length > 0 ? ["", "Votre demande :", ...summary] : []),
            "",
            "Pour ajouter une précision, répondez simplement à cet e-mail.",
            "",
            "Marine Algae of Tunisia",
          ].join("\n"),
        };

  it.each<[Lang, string, string[]]>([
    ["fr", "no request", []],
    ["fr", "a request", ["Demande : Échantillon", "Produit : Ulva lactuca", "Quantité : 2 500 kg"]],
    ["en", "no request", []],
    ["en", "a request", ["Request: Sample", "Product: Ulva lactuca", "Quantity: 2,500 kg"]],
  ])("the %s confirmation with %s is today's text and subject", async (lang, _name, summaryLines) => {
    const mail = await confirmationMail({ lang, brand, summaryLines });
    expect({ subject: mail.subject, text: mail.text }).toEqual(todaysConfirmation(lang, summaryLines));
  });

  it.each([
    ["with a phone and a request", "+216 20 000 000", ["Demande : Échantillon", "Société : Acme"], "+216 20 000 000"],
    ["without a phone or a request", "", [], "-"],
  ])("the notification %s is today's text", async (_name, phone, summaryLines, shownPhone) => {
    const mail = await notificationMail({
      brand,
      fullName: "Claire Dupont",
      email: "claire@example.fr",
      phone,
      subject: "Échantillon",
      message: "Bonjour,\n\nUn échantillon ?",
      summaryLines,
      adminUrl: `${brand.siteUrl}/admin/messages/1`,
    });
    expect(mail.subject).toBe("Nouveau message de contact : Échantillon");
    expect(mail.text).toBe(
      [
        "Nouveau message reçu depuis le formulaire de contact du site.",
        "",
        "Nom : Claire Dupont",
        "E-mail : claire@example.fr",
        `Téléphone : ${shownPhone}`,
        "Sujet : Échantillon",
        ...summaryLines,
        "",
        "Bonjour,\n\nUn échantillon ?",
        "",
        "Répondez depuis l'espace d'administration (Messages de Contact) ou directement à cet e-mail.",
      ].join("\n"),
    );
  });

  it("a French reply without a signature is today's text: the reply, then the quoted message", async () => {
    const mail = await replyMail({
      lang: "fr",
      brand,
      subject: "Re: Échantillon",
      body: "Bonjour,\nVoici notre offre.",
      signature: noSignature,
      quoted,
      attachmentNames: ["offre.pdf"],
    });
    const quote = ["Le 03/11/2026 10:02, Claire Dupont a écrit :", "> Bonjour,", ">", "> Un échantillon ?", "> Merci"].join("\n");
    expect(mail.subject).toBe("Re: Échantillon");
    expect(mail.text).toBe(`Bonjour,\nVoici notre offre.\n\n${quote}\n`);
  });

  it.each([
    [
      "every part",
      { name: "Amira Ben Salah", title: "Responsable commerciale", phone: "+216 72 000 001" },
      "-- \nAmira Ben Salah\nResponsable commerciale\n+216 72 000 001",
    ],
    ["a name only", { name: "Amira", title: "", phone: " " }, "-- \nAmira"],
  ])("a reply signed with %s has the signature after a '-- ' line, before the quote", async (_name, signature, lines) => {
    const mail = await replyMail({ lang: "en", brand, subject: "Re: x", body: "Hello", signature, quoted, attachmentNames: [] });
    expect(mail.text).toBe(`Hello\n\n${lines}\n\nOn 3 Nov 2026 10:02, Claire Dupont wrote:\n> Bonjour,\n>\n> Un échantillon ?\n> Merci\n`);
  });

  it("the invitation is today's text and subject", async () => {
    const link = "https://www.marine-algae.test/admin/invitation#token=abc";
    const mail = await invitationMail({ brand, link, invitedBy: "chef@example.tn", roleLabels: { fr: "Commercial", en: "Sales" } });
    const hours = ADMIN_SECURITY.invitationHours;
    expect(mail.subject).toBe("Invitation à administrer le site Marine Algae / Invitation to manage the Marine Algae website");
    expect(mail.text).toBe(
      [
        "Bonjour,",
        "",
        "chef@example.tn vous invite à gérer le site Marine Algae (rôle : Commercial).",
        `Choisissez votre mot de passe en ouvrant ce lien (valable ${hours} heures, une seule fois) :`,
        "",
        link,
        "",
        "Si vous n'attendiez pas cette invitation, ignorez ce message.",
        "",
        "---",
        "",
        "chef@example.tn invites you to manage the Marine Algae website (role: Sales).",
        `Choose your password at the link above (valid ${hours} hours, once).`,
        "",
      ].join("\n"),
    );
  });
});

describe("quotes and dates", () => {
  it.each<[Lang, string, string]>([
    ["fr", "2026-11-03T09:02:00.000Z", "Le 03/11/2026 10:02, Claire a écrit :"],
    ["en", "2026-11-03T09:02:00.000Z", "On 3 Nov 2026 10:02, Claire wrote:"],
    ["fr", "2026-12-31T23:30:00.000Z", "Le 01/01/2027 00:30, Claire a écrit :"],
    ["en", "2026-12-31T23:30:00.000Z", "On 1 Jan 2027 00:30, Claire wrote:"],
    ["en", "2026-09-15T12:00:00.000Z", "On 15 Sep 2026 13:00, Claire wrote:"],
  ])("the %s header of a message sent at %s, in Tunis time, is %j", (lang, iso, header) => {
    expect(quoteHeader(lang, iso, "Claire")).toBe(header);
  });

  it("writes dates in Tunis time (UTC+1 all year since 2009), dd/mm/yyyy hh:mm in French as the inbox always did", () => {
    const two = (n: number) => String(n).padStart(2, "0");
    fc.assert(
      fc.property(fc.date({ min: new Date("2010-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }), (date) => {
        const tunis = new Date(date.getTime() + 3_600_000);
        const [day, month, year] = [tunis.getUTCDate(), tunis.getUTCMonth() + 1, tunis.getUTCFullYear()];
        const time = `${two(tunis.getUTCHours())}:${two(tunis.getUTCMinutes())}`;
        expect(mailDate("fr", date.toISOString())).toBe(`${two(day)}/${two(month)}/${year} ${time}`);
        expect(mailDate("en", date.toISOString())).toMatch(new RegExp(`^${day} [A-Z][a-z]{2} ${year} ${time}$`));
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ["one line", "Bonjour", ["> Bonjour"]],
    ["empty lines as '>'", "a\n\nb", ["> a", ">", "> b"]],
    ["CRLF line ends", "a\r\nb", ["> a", "> b"]],
  ])("quotes %s", (_name, text, lines) => {
    expect(quotedLines(text)).toEqual(lines);
  });
});

describe("HTML parts", () => {
  it.each(HOSTILE)("show %j as text in every mail: no element, attribute or script comes from it", async (hostile) => {
    for (const mail of await Promise.all(everyMail(hostile))) {
      const doc = parse(mail.html);
      expect(doc.querySelectorAll("script, iframe, object, embed, form, link")).toHaveLength(0);
      expect([...doc.querySelectorAll("img")].map((img) => img.getAttribute("src"))).toEqual([brand.logoUrl]);
      expect(doc.querySelectorAll("b")).toHaveLength(0);
      const handlers = [...doc.querySelectorAll("*")].flatMap((el) => el.getAttributeNames().filter((name) => name.startsWith("on")));
      expect(handlers).toEqual([]);
      expect(doc.body.textContent).toContain(hostile);
      expect(mail.html).not.toContain(hostile);
    }
  });

  it("every mail has its language, the colour-scheme metas, the dark-mode rules and the logo with its name, size and no other remote resource", async () => {
    const mails: [Lang, RenderedMail][] = [
      ["en", await confirmationMail({ lang: "en", brand, summaryLines: [] })],
      ["fr", await confirmationMail({ lang: "fr", brand, summaryLines: [] })],
      ...(await Promise.all(everyMail("x"))).map((mail, n): [Lang, RenderedMail] => [n === 2 ? "en" : "fr", mail]),
    ];
    for (const [lang, mail] of mails) {
      const doc = parse(mail.html);
      expect(doc.documentElement.getAttribute("lang")).toBe(lang);
      expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute("content")).toBe("light dark");
      expect(doc.querySelector('meta[name="supported-color-schemes"]')?.getAttribute("content")).toBe("light dark");
      expect(doc.querySelector('meta[name="viewport"]')?.getAttribute("content")).toBe("width=device-width, initial-scale=1");
      expect(doc.querySelector("style")?.textContent).toContain("@media (prefers-color-scheme: dark)");
      const logo = doc.querySelector("img");
      expect([logo?.getAttribute("alt"), logo?.getAttribute("width"), logo?.getAttribute("height")]).toEqual([brand.name, "40", "40"]);
      const remote = [...doc.querySelectorAll("[src], [background]")].map((el) => el.getAttribute("src") ?? el.getAttribute("background"));
      expect(remote).toEqual([brand.logoUrl]);
      expect(mail.html).not.toMatch(/url\(|@import|dangerouslySetInnerHTML/);
      expect(doc.body.textContent).toContain(brand.address);
      expect(doc.querySelector(`a[href="mailto:${brand.email}"]`)).not.toBeNull();
      expect(doc.querySelector(`a[href="${brand.siteUrl}"]`)).not.toBeNull();
    }
  });

  it("the reply shows its paragraphs and line breaks, the quoted message in a blockquote, and makes no link of a typed address", async () => {
    const mail = await replyMail({
      lang: "fr",
      brand,
      subject: "Re: x",
      body: "Bonjour,\n\nVoir https://evil.example/\nMerci",
      signature: noSignature,
      quoted,
      attachmentNames: [],
    });
    const doc = parse(mail.html);
    const content = doc.querySelectorAll("p.m-text");
    expect([...content].slice(1, 3).map((p) => p.innerHTML)).toEqual(["Bonjour,", "Voir https://evil.example/<br>Merci"]);
    expect(doc.querySelector('a[href^="https://evil"]')).toBeNull();
    expect(doc.body.textContent).toContain("Le 03/11/2026 10:02, Claire Dupont a écrit :");
    expect([...(doc.querySelector("blockquote")?.querySelectorAll("p") ?? [])].map((p) => p.innerHTML)).toEqual([
      "Bonjour,",
      "Un échantillon ?<br>Merci",
    ]);
  });

  it.each<[Lang, string, string]>([
    ["fr", "Pièces jointes :", "Le 03/11/2026 10:02, Claire Dupont a écrit :"],
    ["en", "Attachments:", "On 3 Nov 2026 10:02, Claire Dupont wrote:"],
  ])("a %s reply lists its attachments under %j and quotes with %j", async (lang, title, header) => {
    const mail = await replyMail({
      lang,
      brand,
      subject: "Re: x",
      body: "Hello",
      signature: noSignature,
      quoted,
      attachmentNames: ["fiche.pdf", "fiche.pdf", "certificat.pdf"],
    });
    const doc = parse(mail.html);
    expect([...doc.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["fiche.pdf", "fiche.pdf", "certificat.pdf"]);
    expect(doc.body.textContent).toContain(title);
    expect(doc.body.textContent).toContain(header);
    expect(mail.text).not.toContain("fiche.pdf");
  });

  it("a reply without attachments has no list, and without a signature no signature block", async () => {
    const mail = await replyMail({
      lang: "en",
      brand,
      subject: "Re: x",
      body: "Hello",
      signature: noSignature,
      quoted,
      attachmentNames: [],
    });
    const doc = parse(mail.html);
    expect(doc.querySelectorAll("ul, li")).toHaveLength(0);
    expect(doc.body.textContent).not.toContain("Attachments");
    expect(mail.text).not.toContain("-- ");
    const signed = parse(
      (
        await replyMail({
          lang: "en",
          brand,
          subject: "Re: x",
          body: "Hello",
          signature: { name: "Amira", title: "", phone: "" },
          quoted,
          attachmentNames: [],
        })
      ).html,
    );
    expect(signed.body.textContent).toContain("Amira");
  });

  it("the invitation's link is a button and written out; its English half is marked English", async () => {
    const link = "https://www.marine-algae.test/admin/invitation#token=abc";
    const doc = parse(
      (await invitationMail({ brand, link, invitedBy: "chef@example.tn", roleLabels: { fr: "Commercial", en: "Sales" } })).html,
    );
    const links = [...doc.querySelectorAll(`a[href="${link}"]`)];
    expect(links.map((a) => a.textContent?.trim())).toEqual(["Choisir mon mot de passe / Choose my password", link]);
    expect(doc.querySelector('[lang="en"]')?.textContent).toContain("invites you to manage");
  });

  it("the notification links to the message in the back office", async () => {
    const adminUrl = `${brand.siteUrl}/admin/messages/42`;
    const mail = await notificationMail({
      brand,
      fullName: "A",
      email: "a@example.fr",
      phone: "",
      subject: "S",
      message: "M",
      summaryLines: [],
      adminUrl,
    });
    expect(parse(mail.html).querySelector(`a[href="${adminUrl}"]`)?.textContent).toContain("Ouvrir le message");
    expect(mail.text).not.toContain(adminUrl);
  });
});

describe("colours", () => {
  /** WCAG 2 relative luminance and contrast ratio. */
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
  };

  it.each(
    Object.entries({ light: LIGHT, dark: DARK }).flatMap(([scheme, c]) => [
      [scheme, "text on card", c.text, c.card],
      [scheme, "muted on card", c.muted, c.card],
      [scheme, "link on card", c.link, c.card],
      [scheme, "text on page (boxed message)", c.text, c.page],
      [scheme, "muted on page", c.muted, c.page],
      [scheme, "button text on button", c.buttonText, c.button],
    ]),
  )("%s: %s has a contrast of at least 4.5:1", (_scheme, _pair, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });
});
