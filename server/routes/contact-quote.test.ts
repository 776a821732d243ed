import type { DashboardSummary } from "@shared/schemas/analytics";
import type { ContactSent, ContactSubmission } from "@shared/schemas/contact";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { contactSubmissions, mailOutbox } from "../db/schema/index";
import { CONFIRMATION_TTL_MS, readConfirmation } from "../lib/confirmation-token";
import { signFormTime } from "../lib/spam-rules";

/** Sample and quote requests, and the spam rules, through the API (decision 0108). */
let ctx: TestContext;
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const SECRET = "test-secret-test-secret-test-secret-0123";
/** A form rendered a minute ago, as a person sends it. */
const filledToken = () => signFormTime(SECRET, Date.now() - 60_000);

const BUYER = {
  fullName: "Amira Ben Salah",
  email: "amira.quote@example.com",
  phone: "",
  subject: "Échantillon d'Ulva",
  message: "Bonjour,\nNous aimerions recevoir un échantillon de 500 g pour des essais en cosmétique.",
};

let productId = "";

function post(payload: object) {
  return ctx.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: freshIp() });
}

async function send(payload: object): Promise<ContactSubmission> {
  const response = await post({ ...BUYER, formToken: filledToken(), ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContactSubmission>();
}

async function stored(id: string) {
  const [row] = await ctx.database.db.select().from(contactSubmissions).where(eq(contactSubmissions._id, id));
  return row;
}

const mailKinds = async (id: string) =>
  (await ctx.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.submissionId, id)))
    .map((m) => m.kind)
    .sort();

/** The mail the SMTP server received for `address` (whose subject starts with `subject`), once it arrived. */
async function arrivedFor(address: string, subject = "") {
  const match = (m: (typeof ctx.smtp.received)[number]) => m.envelopeTo.includes(address) && (m.parsed.subject ?? "").startsWith(subject);
  await expect.poll(() => ctx.smtp.received.some(match), { timeout: 10_000 }).toBe(true);
  return ctx.smtp.received.find(match);
}

async function list(query: string): Promise<ContactSubmission[]> {
  const response = await ctx.call("GET", `/contact/submissions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContactSubmission[]>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const category = (await ctx.call("POST", "/categories", { slug: "algues-devis", nameFr: "Algues", nameEn: "Seaweed" })).json<{
    _id: string;
  }>();
  const product = await ctx.call("POST", "/products", {
    slug: "ulva-lactuca-devis",
    nameFr: "Ulva lactuca séchée",
    nameEn: "Dried Ulva lactuca",
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/x.webp",
    categoryId: category._id,
    contentBlocks: [],
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json<{ _id: string }>()._id;
});
afterAll(() => ctx.close());

describe("sample and quote requests", () => {
  it("stores the request with the product chosen by its slug, its name kept as text", async () => {
    const sent = await send({
      product: "ulva-lactuca-devis",
      requestType: "sample",
      application: "cosmetics",
      quantity: "2,5",
      quantityUnit: "kg",
      country: "FR",
      company: "Laboratoires Azur",
    });
    expect(await stored(sent._id)).toMatchObject({
      productId,
      productName: "Ulva lactuca séchée",
      requestType: "sample",
      application: "cosmetics",
      quantity: 2.5,
      quantityUnit: "kg",
      country: "FR",
      company: "Laboratoires Azur",
      spam: false,
    });
  });

  it("ignores an unknown product slug and an unknown choice without refusing the message", async () => {
    const sent = await send({ product: "no-such-product", requestType: "bribe", country: "XX" });
    expect(await stored(sent._id)).toMatchObject({ productId: null, productName: "", requestType: null, country: null, spam: false });
  });

  it("refuses a quantity that is not a positive number with 400", async () => {
    expect((await post({ ...BUYER, formToken: filledToken(), quantity: "beaucoup" })).statusCode).toBe(400);
    expect((await post({ ...BUYER, formToken: filledToken(), quantity: "-3" })).statusCode).toBe(400);
  });

  it("filters the inbox by product and by request type, and the CSV carries the request", async () => {
    const quote = await send({ product: "ulva-lactuca-devis", requestType: "quote", quantity: "3", quantityUnit: "t" });
    const documents = await send({ requestType: "documents", subject: "Fiche technique" });
    const byProduct = await list(`productId=${productId}`);
    expect(byProduct.map((m) => m._id)).toContain(quote._id);
    expect(byProduct.every((m) => m.productId === productId)).toBe(true);
    expect(byProduct.map((m) => m._id)).not.toContain(documents._id);
    const byType = await list("requestType=documents");
    expect(byType.map((m) => m._id)).toEqual([documents._id]);
    expect((await ctx.call("GET", "/contact/submissions?requestType=bribe")).statusCode).toBe(400);

    const csv = await ctx.call("GET", `/contact/submissions.csv?productId=${productId}&requestType=quote`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Produit;Demande;Application;Quantité;Unité;Pays de destination;Société");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Ulva lactuca séchée;Devis;;3;tonnes;;");
  });

  it("e-mails the buyer a confirmation in French, Reply-To the company, with the request and what happens next", async () => {
    await send({ email: "fr.buyer@example.com", product: "ulva-lactuca-devis", requestType: "sample", country: "TN" });
    const confirmation = await arrivedFor("fr.buyer@example.com");
    expect(confirmation?.parsed.subject).toMatch(/^Nous avons bien reçu votre message \[#[0-9A-F]{6}\]$/);
    expect(confirmation?.parsed.html).toContain('lang="fr"');
    expect(confirmation?.parsed.replyTo?.text).toContain("contact@marine-algae.test");
    expect(confirmation?.parsed.text).toContain("sous 2 jours ouvrés");
    expect(confirmation?.parsed.text).toContain("Demande : Échantillon");
    expect(confirmation?.parsed.text).toContain("Produit : Ulva lactuca séchée");
    expect(confirmation?.parsed.text).toContain("Pays de destination : Tunisie");
  });

  it("writes the confirmation in English for a form sent in English, with the product's English name", async () => {
    await send({
      email: "en.buyer@example.com",
      lang: "en",
      product: "ulva-lactuca-devis",
      requestType: "quote",
      quantity: "200",
      quantityUnit: "kg",
    });
    const confirmation = await arrivedFor("en.buyer@example.com");
    expect(confirmation?.parsed.subject).toMatch(/^We received your message \[#[0-9A-F]{6}\]$/);
    expect(confirmation?.parsed.html).toContain('lang="en"');
    expect(confirmation?.parsed.text).toContain("within 2 working days");
    expect(confirmation?.parsed.text).toContain("Product: Dried Ulva lactuca");
    expect(confirmation?.parsed.text).toContain("Quantity: 200 kg");
  });
});

describe("a quote or sample request about a product needs no subject nor message (issue 32)", () => {
  const REQUEST = { subject: "", message: "", product: "ulva-lactuca-devis", quantity: "200", quantityUnit: "kg" };

  it.each([
    ["fr", "quote", "Demande de devis — Ulva lactuca séchée"],
    ["fr", "sample", "Demande d'échantillon — Ulva lactuca séchée"],
    ["en", "quote", "Quote request — Dried Ulva lactuca"],
    ["en", "sample", "Sample request — Dried Ulva lactuca"],
  ])("a %s %s request without them is stored with the subject %j, written in the buyer's language", async (lang, requestType, subject) => {
    const sent = await send({ ...REQUEST, lang, requestType });
    expect(sent.subject).toBe(subject);
    expect(await stored(sent._id)).toMatchObject({ subject, message: "", requestType, productId, quantity: 200 });
  });

  it("keeps a subject the buyer typed", async () => {
    const sent = await send({ ...REQUEST, requestType: "quote", subject: "Prix pour 2026" });
    expect(sent.subject).toBe("Prix pour 2026");
  });

  it("writes the subject from the type alone when the product named is not public", async () => {
    const sent = await send({ ...REQUEST, product: "no-such-product", requestType: "sample" });
    expect(sent.subject).toBe("Demande d'échantillon");
  });

  it.each([
    ["a plain message", { product: "", requestType: "" }],
    ["a quote request without a product", { product: "", requestType: "quote" }],
    ["a documents request about a product", { requestType: "documents" }],
  ])("%s still needs its subject and message: 400 naming the field", async (_name, request) => {
    for (const [filled, missing] of [
      ["subject", "message"],
      ["message", "subject"],
    ] as const) {
      const response = await post({ ...BUYER, ...REQUEST, formToken: filledToken(), [filled]: "x", ...request });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ details?: unknown }>().details).toEqual([
        expect.objectContaining({ path: missing, messageCode: "field.required" }),
      ]);
    }
  });

  it("answers the sender with a token naming the message: its confirmation shows the ticket and the request, never who sent it", async () => {
    const response = await post({ ...BUYER, ...REQUEST, formToken: filledToken(), requestType: "quote", company: "Laboratoires Azur" });
    expect(response.statusCode, response.body).toBe(201);
    const { _id, ref, confirmation } = response.json<ContactSent>();
    const shown = await ctx.app.services.inbox.confirmation(confirmation, "en");
    expect(shown).toEqual({
      ref,
      facts: [
        { label: "Request", value: "Quote" },
        { label: "Product", value: "Ulva lactuca séchée" },
        { label: "Quantity", value: "200 kg" },
      ],
    });
    expect(JSON.stringify(shown)).not.toMatch(/Amira|amira|Azur/);
    // Nobody reads it by a guessed or edited token, nor after a day.
    const [id, expires, mac] = confirmation.split(".");
    const otherId = `${_id.slice(0, -1)}${_id.endsWith("0") ? "1" : "0"}`;
    for (const forged of [`${otherId}.${expires}.${mac}`, `${id}.${Number(expires) + 1}.${mac}`, ref, _id, "", `${confirmation}x`])
      expect(await ctx.app.services.inbox.confirmation(forged, "fr"), forged).toBeNull();
    expect(readConfirmation(SECRET, confirmation, Date.now() + CONFIRMATION_TTL_MS + 1)).toBeNull();
  });
});

describe("the team's reply to an English buyer (issue 32)", () => {
  it("quotes the buyer's words under an English line, in the text and the HTML parts", async () => {
    const email = "en.reply@example.com";
    const sent = await send({ email, lang: "en", message: "Hello,\nCould you quote 2 t of sea lettuce?" });
    const replied = await ctx.call("POST", `/contact/${sent._id}/reply`, { replyMessage: "Dear Amira, here is our offer." });
    expect(replied.statusCode, replied.body).toBe(200);
    const mail = await arrivedFor(email, "Re:");
    expect(mail?.parsed.text).toMatch(
      /On \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}, Amira Ben Salah wrote:\n> Hello,\n> Could you quote 2 t of sea lettuce\?/,
    );
    expect(mail?.parsed.html).toMatch(/On \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}, Amira Ben Salah wrote:/);
    for (const part of [mail?.parsed.text, mail?.parsed.html]) expect(part).not.toContain("a écrit");
  });

  it("quotes a request sent without a message by its summary, in English", async () => {
    const email = "en.request.reply@example.com";
    const sent = await send({ email, lang: "en", subject: "", message: "", product: "ulva-lactuca-devis", requestType: "sample" });
    expect((await ctx.call("POST", `/contact/${sent._id}/reply`, { replyMessage: "Your sample leaves on Monday." })).statusCode).toBe(200);
    const mail = await arrivedFor(email, "Re:");
    expect(mail?.parsed.subject).toMatch(/^Re: Sample request — Dried Ulva lactuca \[#[0-9A-F]{6}\]$/);
    expect(mail?.parsed.text).toContain("Amira Ben Salah wrote:\n> Request: Sample\n> Product: Dried Ulva lactuca");
  });
});

describe("spam rules", () => {
  const MUST_PASS = [
    {
      name: "a French buyer's request",
      subject: "Demande de devis",
      message: "Bonjour, pouvez-vous m'envoyer un devis pour 2 t d'agar ? Merci.",
    },
    {
      name: "an English buyer with one link",
      subject: "Sample request",
      message: "Hello, we are a cosmetics lab (https://lab.example.com). Could you send a sample of your Ulva powder?",
    },
    {
      name: "an Arabic name",
      fullName: "محمد بن علي",
      subject: "Devis algues",
      message: "Bonjour, je souhaite un devis pour 500 kg de Gracilaria séchée livrée à Sfax.",
    },
    { name: "a short message with figures", subject: "Quantité", message: "Bonjour, 2 x 25 kg, livraison 03/2027, réf. 12-34." },
  ];
  for (const [index, buyer] of MUST_PASS.entries()) {
    it(`lets ${buyer.name} through to the inbox, notified and confirmed`, async () => {
      const { name: _name, ...fields } = buyer;
      const sent = await send({ ...fields, email: `buyer-${index}@example.com` });
      expect(await stored(sent._id)).toMatchObject({ spam: false, spamReasons: [] });
      expect(await mailKinds(sent._id)).toEqual(["confirmation", "notification"]);
    });
  }

  it("lets a message without the form's time through (an API client): that rule alone is weak, but its sender gets no confirmation", async () => {
    const response = await post(BUYER);
    expect(response.statusCode).toBe(201);
    const id = response.json<ContactSubmission>()._id;
    expect(await stored(id)).toMatchObject({ spam: false });
    expect(await mailKinds(id)).toEqual(["notification"]);
  });

  const MUST_CATCH = [
    { rule: "too-fast", fields: () => ({ formToken: signFormTime(SECRET, Date.now()) }) },
    { rule: "forged-form-time", fields: () => ({ formToken: `${Date.now() - 60_000}.${"A".repeat(43)}` }) },
    { rule: "too-many-links", fields: () => ({ message: "Buy http://a.example http://b.example http://c.example http://d.example" }) },
    { rule: "bbcode-link", fields: () => ({ message: "Great site [url=http://spam.example]cheap[/url]" }) },
    { rule: "spam-phrase", fields: () => ({ message: "We offer SEO services to put you on the first page of Google." }) },
    { rule: "no-letters", fields: () => ({ message: "$$$ 1000000 !!! ### 555-555-5555 *** ???" }) },
    { rule: "subject-is-message", fields: () => ({ subject: "http://spam.example", message: "http://spam.example" }) },
  ];
  for (const { rule, fields } of MUST_CATCH) {
    it(`files a message caught by "${rule}" as spam, answers the same 201, and sends no e-mail`, async () => {
      const response = await post({ ...BUYER, formToken: filledToken(), ...fields() });
      expect(response.statusCode).toBe(201);
      const sent = response.json<ContactSubmission>();
      expect(sent.spam).toBe(false);
      const row = await stored(sent._id);
      expect(row?.spam).toBe(true);
      expect(row?.spamReasons).toContain(rule);
      expect(await mailKinds(sent._id)).toEqual([]);
    });
  }

  it("keeps the honeypot's behaviour: same answer, nothing stored", async () => {
    const response = await post({ ...BUYER, formToken: filledToken(), website: "http://bot.example" });
    expect(response.statusCode).toBe(201);
    expect(await stored(response.json<ContactSubmission>()._id)).toBeUndefined();
  });

  it("keeps spam out of the inbox and its counts, lists it in the Spam folder, and 'not spam' moves it back and notifies", async () => {
    const response = await post({ ...BUYER, formToken: filledToken(), message: "Visit [url=http://x.example]here[/url] now" });
    const id = response.json<ContactSubmission>()._id;
    const inbox = await ctx.call("GET", "/contact/submissions");
    expect(inbox.json<ContactSubmission[]>().map((m) => m._id)).not.toContain(id);
    const spamFolder = await list("folder=spam");
    expect(spamFolder.find((m) => m._id === id)).toMatchObject({ spam: true, spamReasons: ["bbcode-link"] });
    const summary = (await ctx.call("GET", "/analytics/summary")).json<DashboardSummary>();
    expect(summary.totalMessages).toBe(Number(inbox.headers["x-total-count"]));
    expect(summary.spamMessages).toBeGreaterThan(0);

    expect((await ctx.call("POST", "/contact/00000000-0000-4000-8000-000000000000/not-spam")).statusCode).toBe(404);
    const before = ctx.smtp.received.length;
    const moved = await ctx.call("POST", `/contact/${id}/not-spam`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ContactSubmission>()).toMatchObject({ spam: false, spamReasons: [] });
    expect((await list("")).map((m) => m._id)).toContain(id);
    expect(await mailKinds(id)).toEqual(["notification"]);
    const mails = await ctx.smtp.waitFor(before + 1);
    expect(mails.some((m) => m.parsed.subject?.startsWith(`Nouveau message de contact : ${BUYER.subject} [#`))).toBe(true);
    // Twice is once: no second notification.
    await ctx.call("POST", `/contact/${id}/not-spam`);
    expect(await mailKinds(id)).toEqual(["notification"]);
  });
});

describe("personal data of a request", () => {
  it("exports the request's fields with the message and erases them with it", async () => {
    const email = "erase.quote@example.com";
    await send({ email, company: "Société Effacée", requestType: "quote", product: "ulva-lactuca-devis" });
    const exported = await ctx.call("GET", `/privacy/export?email=${encodeURIComponent(email)}&format=json`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain("Société Effacée");
    const erased = await ctx.call("POST", "/privacy/erase", { email, confirm: email });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await ctx.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.company, "Société Effacée"));
    expect(left).toEqual([]);
  });
});
