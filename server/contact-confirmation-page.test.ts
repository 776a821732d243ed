import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { contactSubmissions } from "./db/schema/index";
import { registerSite } from "./site";

/**
 * The confirmation page of a quote or sample request sent without JavaScript (issue 32, decision 0117): POST, 303, GET;
 * a reload sends nothing; only the signed token of the sender's address shows the summary. Rendered by the site build,
 * on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
let ctx: TestContext;
let clients = 0;
const newClient = () => `10.67.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

const REQUEST = {
  fullName: "Amira Ben Salah",
  email: "amira.merci@example.com",
  phoneCode: "+216",
  phoneNumber: "",
  subject: "",
  message: "",
  lang: "fr",
  product: "ulva-merci",
  requestType: "quote",
  quantity: "200",
  quantityUnit: "kg",
  company: "Laboratoires Azur",
};

function formPost(fields: Record<string, string>, url = "/contact?product=ulva-merci") {
  return ctx.app.inject({
    method: "POST",
    url,
    remoteAddress: newClient(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
}
const get = (url: string) => ctx.app.inject({ method: "GET", url, remoteAddress: newClient() });
const count = () => ctx.database.db.$count(contactSubmissions);

beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app) } });
  const category = (await ctx.call("POST", "/categories", { slug: "algues-merci", nameFr: "Algues", nameEn: "Seaweed" })).json<{
    _id: string;
  }>();
  const product = await ctx.call("POST", "/products", {
    slug: "ulva-merci",
    nameFr: "Ulva séchée",
    nameEn: "Dried Ulva",
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/x.webp",
    categoryId: category._id,
    contentBlocks: [],
  });
  expect(product.statusCode, product.body).toBe(201);
});
afterAll(() => ctx.close());

describe("the confirmation page of a request", () => {
  it.each([
    ["fr", /^\/contact\/merci\?t=[\w.-]+$/, "Demande de devis — Ulva séchée", "Devis", "Merci, nous avons bien reçu votre demande"],
    ["en", /^\/contact\/merci\?t=[\w.-]+&lang=en$/, "Quote request — Dried Ulva", "Quote", "Thank you, we have received your request"],
  ])(
    "in %s: a request without subject nor message is stored once and answered 303 to its page, which a reload shows again",
    async (lang, path, subject, type, title) => {
      const before = await count();
      const sent = await formPost({ ...REQUEST, lang }, `/contact?product=ulva-merci${lang === "en" ? "&lang=en" : ""}`);
      expect(sent.statusCode, sent.body.slice(0, 300)).toBe(303);
      const location = String(sent.headers.location);
      expect(location).toMatch(path);
      expect(await count()).toBe(before + 1);

      for (let visit = 0; visit < 2; visit += 1) {
        const page = await get(location);
        expect(page.statusCode).toBe(200);
        expect(page.headers["cache-control"]).toContain("private");
        expect(page.body).toContain(title);
        expect(page.body).toContain(type);
        expect(page.body).toContain('data-testid="request-summary"');
        expect(page.body).toContain("noindex");
        // Nothing the sender typed about themselves.
        expect(page.body).not.toContain("Azur");
        expect(page.body).not.toContain("amira.merci");
      }
      expect(await count()).toBe(before + 1);
      const [row] = await ctx.database.db
        .select()
        .from(contactSubmissions)
        .where(eq(contactSubmissions.email, REQUEST.email))
        .orderBy(desc(contactSubmissions.createdAt))
        .limit(1);
      expect(row?.subject).toBe(subject);
      expect((await get(location)).body).toContain(`#${row?.ref}`);
    },
  );

  it("shows no summary to another visitor: without the token, by the ticket number, or with an edited token", async () => {
    const sent = await formPost({ ...REQUEST, email: "other.visitor@example.com" });
    const location = String(sent.headers.location);
    const token = new URL(location, "http://x").searchParams.get("t") ?? "";
    const [row] = await ctx.database.db
      .select({ ref: contactSubmissions.ref, id: contactSubmissions._id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "other.visitor@example.com"));
    const ref = row?.ref ?? "";
    expect((await get(location)).body).toContain(`#${ref}`);
    for (const url of [
      "/contact/merci",
      `/contact/merci?ref=${ref}`,
      `/contact/merci?t=${row?.id}`,
      `/contact/merci?t=${token.slice(0, -3)}abc`,
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain('data-testid="request-summary"');
      expect(page.body, url).not.toContain(`#${ref}`);
      expect(page.body, url).toContain("Le récapitulatif d");
    }
  });

  it("leaves a plain message on the contact page with its confirmation, as the specification says", async () => {
    const sent = await formPost({ ...REQUEST, product: "", requestType: "", subject: "Question", message: "Bonjour" }, "/contact");
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain("Votre message a bien été envoyé");
  });

  it("answers a request missing its required fields on the form, with the errors (400)", async () => {
    const sent = await formPost({ ...REQUEST, fullName: "" });
    expect(sent.statusCode).toBe(400);
    expect(sent.body).toContain("Ce champ est requis");
  });
});
