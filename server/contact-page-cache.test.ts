import { FORM_TOKEN_SLOT, SLOT_REFRESH_MS } from "@shared/fresh-slots";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct } from "../test/catalogue";
import { createTestContext, TEST_JWT_SECRET, type TestContext } from "../test/test-app";
import { contactSubmissions } from "./db/schema/index";
import { readFormTime } from "./lib/spam-rules";
import { registerSite } from "./site";

/**
 * The contact page is served from the response cache like every public page, its form's signed render time written
 * fresh into each answer (decision 0136): one render answers a burst of visitors, and no sender is credited with
 * time the page spent in the cache. Rendered by the site build, over HTTP (hits leave before Fastify).
 */
let ctx: TestContext;
let address = "";

beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app), rateLimit: false } });
  address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  await createTestProduct(ctx, { slug: "ulva-cache", nameFr: "Ulva en cache", nameEn: "Cached Ulva" });
});
afterAll(() => ctx.close());

/** The page as a browser gets it, with its form's token and the time that token is signed with. */
async function contactPage(path = "/contact", headers: Record<string, string> = {}) {
  const response = await fetch(`${address}${path}`, { headers: { "accept-encoding": "br", ...headers } });
  const html = await response.text();
  const token = /name="formToken" value="([^"]*)"/.exec(html)?.[1] ?? "";
  return { response, html, token, signedAt: readFormTime(TEST_JWT_SECRET, token) };
}

describe("the contact page in the response cache", () => {
  it("answers repeated visits from one render, each with a signed token no older than the refresh, and browsers keep no copy", async () => {
    ctx.app.responseCache.clear();
    const { misses, hits } = ctx.app.responseCache;
    const before = Date.now();
    const first = await contactPage();
    const second = await contactPage();
    expect(ctx.app.responseCache.misses - misses).toBe(1);
    expect(ctx.app.responseCache.hits - hits).toBe(1);
    for (const page of [first, second]) {
      expect(page.response.status).toBe(200);
      expect(page.response.headers.get("content-encoding")).toBe("br");
      expect(page.response.headers.get("cache-control")).toBe("no-store");
      expect(page.html).not.toContain(FORM_TOKEN_SLOT);
      // Signed with the last instant this value may be served: never earlier than the visit.
      expect(page.signedAt).toBeGreaterThanOrEqual(before);
      expect(page.signedAt).toBeLessThanOrEqual(Date.now() + SLOT_REFRESH_MS);
    }

    // Later visits get a newer token, still without a render.
    await expect.poll(async () => (await contactPage()).signedAt ?? 0, { interval: 200 }).toBeGreaterThan(first.signedAt ?? 0);
    expect(ctx.app.responseCache.misses - misses).toBe(1);
  });

  it("files a message sent at once with a cached page's token as too fast: the cache's time is not the sender's", async () => {
    await contactPage();
    const { token } = await contactPage();
    const sent = await ctx.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { fullName: "Bot Rapide", email: "fast@example.com", phone: "", subject: "Offre", message: "Bonjour", formToken: token },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [stored] = await ctx.database.db
      .select({ spam: contactSubmissions.spam, reasons: contactSubmissions.spamReasons })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "fast@example.com"));
    expect(stored).toEqual({ spam: true, reasons: ["too-fast"] });
  });

  it("keys on the product and the request type, and writes the token into answers it does not keep", async () => {
    ctx.app.responseCache.clear();
    const general = await contactPage("/contact");
    const aboutProduct = await contactPage("/contact?product=ulva-cache&type=sample&x=made-up");
    expect(general.html).not.toContain("Ulva en cache");
    expect(aboutProduct.html).toContain("Ulva en cache");
    expect(ctx.app.responseCache.size).toBe(2);

    // A signed-in request is never stored, and gets its own token all the same.
    const signedIn = await contactPage("/contact", ctx.auth);
    expect(signedIn.html).not.toContain(FORM_TOKEN_SLOT);
    expect(signedIn.signedAt).not.toBeNull();
    expect(ctx.app.responseCache.size).toBe(2);
  });

  it("leaves a marker typed into a message as typed: only pages carry slots", async () => {
    const message = `Le texte ${FORM_TOKEN_SLOT} tel quel`;
    const sent = await ctx.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { fullName: "Amira Marqueur", email: "marker@example.com", phone: "", subject: "Marqueur", message },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = await ctx.call("GET", "/contact/submissions?q=Marqueur");
    expect(inbox.json<{ message: string }[]>().map((row) => row.message)).toContain(message);
  });
});
