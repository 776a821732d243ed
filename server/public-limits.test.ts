import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { LIMITS } from "@shared/limits";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postOversized } from "../test/oversized-body";
import { createTestContext, type TestContext } from "../test/test-app";
import { contactSubmissions, rateLimits } from "./db/schema/index";
import { signFormTime } from "./lib/spam-rules";
import { registerSite } from "./site";

/**
 * What an anonymous visitor can make the site do, whatever the spelling of the address (issue 28,
 * docs/threat-model.md): one budget per client and purpose, bodies read within a limit, links carrying only what the
 * page owns. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
let ctx: TestContext;
let port = 0;
let clients = 0;
/** A new visitor's address: each has its own budgets. */
const newClient = () => `10.66.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
const SECRET = "test-secret-test-secret-test-secret-0123";

const FORM = {
  fullName: "Amira Ben Salah",
  email: "amira.limits@example.com",
  phoneCode: "+216",
  phoneNumber: "",
  subject: "Demande de devis",
  message: "Bonjour, pourriez-vous nous envoyer un devis pour 200 kg d'Ulva séchée ?",
  lang: "fr",
};

function formPost(url: string, client: string, fields: Record<string, string> = FORM) {
  return ctx.app.inject({
    method: "POST",
    url,
    remoteAddress: client,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
}

const apiPost = (client: string, payload: object = FORM) =>
  ctx.app.inject({ method: "POST", url: "/api/contact", remoteAddress: client, payload });

beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app) } });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

describe("one budget per client and purpose, whatever the path, method or spelling", () => {
  // Every spelling React Router would run the contact page's action for, and its data request.
  const SPELLINGS = ["/contact", "/contact/", "/CONTACT", "/Contact/", "/contact//", "/contact.data", "/contact?index"];

  it("answers 429 to every spelling of the contact form once the address sent five messages", async () => {
    const client = newClient();
    const first = await Promise.all([0, 1, 2, 3, 4].map(() => formPost("/contact", client)));
    expect(first.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const url of SPELLINGS) {
      const refused = await formPost(url, client);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      expect(refused.headers["content-type"]).toContain("text/html");
      expect(refused.body).toContain("Trop de demandes");
      // Its one stylesheet is allowed by its hash, nothing else.
      const hash = createHash("sha256")
        .update(/<style>([^<]*)<\/style>/.exec(refused.body)?.[1] ?? "")
        .digest("base64");
      expect(refused.headers["content-security-policy"]).toContain(`style-src 'sha256-${hash}'`);
    }
    for (const method of ["PUT", "PATCH", "DELETE"] as const)
      expect((await ctx.app.inject({ method, url: "/contact", remoteAddress: client })).statusCode, method).toBe(429);
    expect((await apiPost(client)).statusCode).toBe(429);
  });

  it("counts the API and the form in one budget of five, in either order", async () => {
    for (const [before, after] of [
      [apiPost, (client: string) => formPost("/Contact/", client)],
      [(client: string) => formPost("/contact//", client), apiPost],
    ] as const) {
      const client = newClient();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await before(client)).statusCode);
      for (let i = 0; i < 3; i += 1) statuses.push((await after(client)).statusCode);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
      expect(statuses[5]).toBe(429);
    }
  });

  it("counts the search page in any spelling and GET /api/search in one budget of thirty", async () => {
    const client = newClient();
    const urls = ["/search?q=ulva", "/Search/?q=ulva", "/search.data?q=ulva", "/SEARCH?q=ulva", "/api/search?q=ulva"];
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await ctx.app.inject({ method: "GET", url: urls[i % urls.length] ?? "/", remoteAddress: client })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const url of urls) expect((await ctx.app.inject({ method: "GET", url, remoteAddress: client })).statusCode, url).toBe(429);
    // Other pages are not in that budget.
    expect((await ctx.app.inject({ method: "GET", url: "/contact", remoteAddress: client })).statusCode).toBe(200);
  });

  it("counts the finder page in any spelling and GET /api/finder in one budget of sixty", async () => {
    const client = newClient();
    const urls = ["/products?form=Poudre", "/Products/", "/products.data", "/PRODUCTS?sample=1", "/api/finder?origin=TN"];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1)
      statuses.push((await ctx.app.inject({ method: "GET", url: urls[i % urls.length] ?? "/", remoteAddress: client })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const url of urls) expect((await ctx.app.inject({ method: "GET", url, remoteAddress: client })).statusCode, url).toBe(429);
    expect((await ctx.app.inject({ method: "GET", url: "/contact", remoteAddress: client })).statusCode).toBe(200);
  });

  it("keeps the counters by purpose, never by route", async () => {
    const keys = (await ctx.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^(sign-in|contact|search|search-record|search-term|search-new-term|finder|mail-[a-z]+) /);
  });
});

describe("page actions read bodies within a limit", () => {
  it("answers 413 with a page to a form larger than the limit, and stores nothing", async () => {
    const before = await ctx.database.db.$count(contactSubmissions);
    const oversized = { ...FORM, message: "é".repeat(LIMITS.pageFormBodyMaxBytes) };
    const response = await formPost("/contact/", newClient(), oversized);
    expect(response.statusCode).toBe(413);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("trop volumineux");
    expect(await ctx.database.db.$count(contactSubmissions)).toBe(before);
  });

  it.each(["declared", "chunked", "multipart"] as const)(
    "cuts a 64 MB %s body long before it is all sent (413, or a reset)",
    async (framing) => {
      const total = 64 * 1024 * 1024;
      const result = await postOversized(port, "/contact/", { framing, total });
      expect([413, 0]).toContain(result.status);
      expect(result.sent).toBeLessThan(total / 4);
    },
  );

  it("answers 413 body_too_large, not 'image too large', to an API body over the API's limit", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: newClient(),
      payload: { ...FORM, message: "x".repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "body_too_large", params: { maxKb: 1024 } });
  });
});

describe("the buyer's confirmation", () => {
  const filled = () => signFormTime(SECRET, Date.now() - 60_000);
  const confirmationsTo = (address: string) => ctx.smtp.received.filter((mail) => mail.envelopeTo.includes(address));

  it("repeats nothing the sender typed: a phishing text in the name, subject and company never reaches the recipient", async () => {
    const victim = "victim.relay@example.com";
    const response = await apiPost(newClient(), {
      ...FORM,
      email: victim,
      fullName: "Your account is suspended https://evil.example/pay",
      subject: "Pay now at https://evil.example/pay",
      company: "evil.example support",
      formToken: filled(),
    });
    expect(response.statusCode, response.body).toBe(201);
    await expect.poll(() => confirmationsTo(victim).length, { timeout: 10_000 }).toBe(1);
    const mail = confirmationsTo(victim)[0];
    for (const part of [mail?.parsed.subject ?? "", mail?.parsed.text ?? "", mail?.parsed.html || ""])
      for (const typed of ["evil.example", "suspended", "Pay now", "Amira"]) expect(part).not.toContain(typed);
  });

  it("sends at most three confirmations a day to one address, whoever sends the messages", async () => {
    const victim = "victim.flood@example.com";
    for (let i = 0; i < 5; i += 1)
      expect((await apiPost(newClient(), { ...FORM, email: victim, formToken: filled() })).statusCode).toBe(201);
    await expect.poll(() => confirmationsTo(victim).length, { timeout: 10_000 }).toBe(3);
    // Every message is in the inbox all the same.
    const stored = await ctx.database.db.$count(contactSubmissions, undefined);
    expect(stored).toBeGreaterThanOrEqual(5);
  });

  it("sends none to a sender whose form was not rendered by the site (no form time)", async () => {
    const address = "no.form.time@example.com";
    expect((await apiPost(newClient(), { ...FORM, email: address })).statusCode).toBe(201);
    // The company's notification is the mail that goes; once it left, the confirmation would have left with it.
    await expect.poll(() => ctx.smtp.received.some((mail) => mail.parsed.replyTo?.text.includes(address)), { timeout: 10_000 }).toBe(true);
    expect(confirmationsTo(address)).toHaveLength(0);
  });
});

describe("links carry only the parameters the page owns", () => {
  beforeAll(async () => {
    // The legal notice starts unpublished (a draft with bracketed texts, migration 0028).
    const pages = (await ctx.call("GET", "/pages?limit=100")).json<{ _id: string; key: string | null }[]>();
    const notice = pages.find((page) => page.key === "legal-notice");
    expect((await ctx.call("PATCH", `/pages/${notice?._id}`, { isActive: true })).statusCode).toBe(200);
  });

  it.each([
    ["a legal page", "/page/mentions-legales?utm_source=evil&x=1", [], ["utm_source", "x=1"]],
    ["the home page", "/?utm_campaign=evil", [], ["utm_campaign"]],
    ["the search page", "/search?q=ulva&utm_source=evil", ["q=ulva"], ["utm_source"]],
    ["the contact page", "/contact?product=x&type=quote&utm_source=evil", ["type=quote"], ["utm_source"]],
  ])("%s: the language links keep its own parameters and drop the others", async (_name, url, kept, dropped) => {
    const response = await ctx.app.inject({ method: "GET", url, remoteAddress: newClient() });
    const links = [...response.body.matchAll(/<a [^>]*hreflang="(?:fr|en)"[^>]*>/gi)].map((m) => m[0]);
    expect(links.length, response.body.slice(0, 200)).toBeGreaterThanOrEqual(2);
    for (const link of links) {
      for (const part of kept) expect(link).toContain(part);
      for (const part of dropped) expect(link).not.toContain(part);
    }
  });
});
