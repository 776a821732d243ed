import { randomUUID } from "node:crypto";
import type { Role } from "@shared/roles";
import type { TotpSetup } from "@shared/schemas/admin-security";
import type { DashboardSummary } from "@shared/schemas/analytics";
import type { RichDoc } from "@shared/schemas/rich-text";
import type { Settings } from "@shared/schemas/settings";
import type { SetupItemKey } from "@shared/schemas/setup";
import type { SitePage, SitePageRow } from "@shared/schemas/site-page";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestImap } from "../../test/imap-server";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import { createAdmin } from "../services/auth";
import { parseImapUrl } from "../services/mail/inbound/poller";
import { totpCodeAt } from "../services/totp";

/** The dashboard's setup checklist of a new site (issue 32), on PGlite, or PostgreSQL with TEST_DATABASE_URL. */
let ctx: TestContext;
const PASSWORD = "correct-horse-battery-staple";

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const summaryAs = async (token: string) => {
  const response = await ctx.app.inject({ method: "GET", url: "/api/analytics/summary", headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardSummary>();
};
const todo = async (token = ctx.token) => (await summaryAs(token)).setup?.map((item) => item.key) ?? [];

async function signIn(email: string): Promise<string> {
  const response = await ctx.call("POST", "/auth/login", { email, password: PASSWORD }, false);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** Every text node of `doc` through `change`. */
function mapTexts(doc: RichDoc, change: (text: string) => string): RichDoc {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== "object" || node === null) return node;
    const entries = Object.entries(node).map(([key, value]) => [
      key,
      key === "text" && typeof value === "string" ? change(value) : walk(value),
    ]);
    return Object.fromEntries(entries);
  };
  return walk(doc) as RichDoc;
}
const filledIn = (doc: RichDoc) => mapTexts(doc, (text) => text.replace(/\[[^\]]*\]/g, "Marine Algae SARL"));

async function legalPage(key: "legal-notice" | "privacy-policy"): Promise<SitePage> {
  const rows = (await ctx.call("GET", "/pages?limit=100")).json<SitePageRow[]>();
  const row = rows.find((page) => page.key === key);
  return (await ctx.call("GET", `/pages/id/${row?._id}`)).json<SitePage>();
}

async function savePage(page: SitePage, change: Partial<Pick<SitePage, "bodyFr" | "bodyEn" | "isActive">>): Promise<void> {
  const { slugFr, slugEn, titleFr, titleEn, bodyFr, bodyEn, isActive, version } = page;
  const response = await ctx.call("PUT", `/pages/${page._id}`, {
    slugFr,
    slugEn,
    titleFr,
    titleEn,
    bodyFr,
    bodyEn,
    isActive,
    version,
    ...change,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function saveSettings(change: (settings: Settings) => Settings): Promise<void> {
  const { updatedAt: _updatedAt, ...stored } = (await ctx.call("GET", "/settings")).json<Settings>();
  const response = await ctx.call("PUT", "/settings", change(stored as Settings));
  expect(response.statusCode, response.body).toBe(200);
}

describe("setup checklist", () => {
  it("seeds the legal notice and the privacy policy unpublished: drafts with bracketed texts are not on the site", async () => {
    for (const key of ["legal-notice", "privacy-policy"] as const) {
      const page = await legalPage(key);
      expect(page.isActive).toBe(false);
      expect(JSON.stringify(page.bodyFr)).toContain("[");
      expect((await ctx.call("GET", `/pages/${page.slugFr}`, undefined, false)).statusCode).toBe(404);
    }
  });

  it("lists every item on a new site, each with the screen that does it", async () => {
    const summary = await summaryAs(ctx.token);
    const notice = await legalPage("legal-notice");
    const policy = await legalPage("privacy-policy");
    expect(summary.setup).toEqual([
      { key: "company", to: "/admin/settings" },
      { key: "legalNotice", to: `/admin/pages/edit/${notice._id}` },
      { key: "privacyPolicy", to: `/admin/pages/edit/${policy._id}` },
      { key: "social", to: "/admin/settings" },
      { key: "secondAdmin", to: "/admin/users" },
      { key: "twoFactor", to: "/admin/account" },
      { key: "mailbox", to: "/admin/contacts" },
    ]);
  });

  it("keeps a legal page on the list while published with a bracket left, and drops it once completed and published", async () => {
    const notice = await legalPage("legal-notice");
    await savePage(notice, { isActive: true });
    expect(await todo()).toContain("legalNotice");
    // Filled in but left unpublished: still to do.
    await savePage(await legalPage("legal-notice"), { bodyFr: filledIn(notice.bodyFr), bodyEn: filledIn(notice.bodyEn), isActive: false });
    expect(await todo()).toContain("legalNotice");
    // A bracket in one language is enough to keep it.
    await savePage(await legalPage("legal-notice"), { bodyEn: notice.bodyEn, isActive: true });
    expect(await todo()).toContain("legalNotice");
    await savePage(await legalPage("legal-notice"), { bodyEn: filledIn(notice.bodyEn), isActive: true });
    expect(await todo()).not.toContain("legalNotice");
    expect((await ctx.call("GET", `/pages/${notice.slugFr}`, undefined, false)).statusCode).toBe(200);
    expect(await todo()).toContain("privacyPolicy");
  });

  it.each<[SetupItemKey, () => Promise<void>]>([
    [
      "company",
      () =>
        saveSettings((settings) => ({
          ...settings,
          company: { ...settings.company, phones: [{ label: { fr: "Téléphone", en: "Phone" }, number: "+216 72 431 100" }] },
        })),
    ],
    [
      "social",
      () =>
        saveSettings((settings) => ({
          ...settings,
          company: { ...settings.company, social: [{ label: "LinkedIn", url: "https://www.linkedin.com/company/marine-algae" }] },
        })),
    ],
    [
      "secondAdmin",
      async () => void (await createAdmin(ctx.database.db, `second-${randomUUID().slice(0, 8)}@setup.test`, PASSWORD, { role: "admin" })),
    ],
    [
      "twoFactor",
      async () => {
        const headers = { authorization: `Bearer ${ctx.token}` };
        const setup = (await ctx.app.inject({ method: "POST", url: "/api/auth/totp/setup", headers })).json<TotpSetup>();
        const enabled = await ctx.app.inject({
          method: "POST",
          url: "/api/auth/totp/enable",
          headers,
          payload: { code: totpCodeAt(setup.secret, Date.now()), password: ADMIN.password },
        });
        expect(enabled.statusCode, enabled.body).toBe(200);
      },
    ],
  ])("drops %s once done, and only it", async (key, done) => {
    const before = await todo();
    expect(before).toContain(key);
    await done();
    expect(await todo()).toEqual(before.filter((item) => item !== key));
  });

  it("gives the second factor item to each administrator for their own account", async () => {
    const email = `other-${randomUUID().slice(0, 8)}@setup.test`;
    await createAdmin(ctx.database.db, email, PASSWORD, { role: "admin" });
    expect(await todo(await signIn(email))).toContain("twoFactor");
    expect(await todo()).not.toContain("twoFactor");
  });

  it.each<Role>(["editor", "sales"])("answers no checklist to a role that may not set the site up (%s)", async (role) => {
    const email = `${role}-${randomUUID().slice(0, 8)}@setup.test`;
    await createAdmin(ctx.database.db, email, PASSWORD, { role });
    expect(await summaryAs(await signIn(email))).not.toHaveProperty("setup");
  });

  it("leaves the mailbox out once IMAP_URL is set", async () => {
    const imap = await startTestImap();
    const withMailbox = await createTestContext({ app: { mailbox: { config: parseImapUrl(imap.url) } } });
    try {
      const keys = (await withMailbox.call("GET", "/analytics/summary")).json<DashboardSummary>().setup?.map((item) => item.key);
      expect(keys).toContain("company");
      expect(keys).not.toContain("mailbox");
    } finally {
      await withMailbox.close();
      await imap.stop();
    }
  });
});
