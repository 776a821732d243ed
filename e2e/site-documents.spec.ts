import type { Visit } from "@shared/schemas/analytics";
import type { ContactSubmission } from "@shared/schemas/contact";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { translate } from "../app/i18n/texts";
import { expect, test } from "./fixtures";
import { catalogueForThisFile, setLegalPages, uniqueSlug } from "./site-helpers";

const data = catalogueForThisFile();

/** Island scripts are named `island-*`; anything else from /assets/*.js is React, React Router or route code. */
const isFrameworkScript = (url: string) => /\/assets\/(?!island-)[^/]+\.js$/.test(new URL(url).pathname);

test("home, category, product, search and editable pages load no React or React Router code, only their islands", async ({ page, api }) => {
  await setLegalPages(api, true);
  const { category, product } = data();
  const search = `/search?q=${encodeURIComponent(product.nameFr)}`;
  for (const path of [
    "/",
    `/category/${category.slug}`,
    `/product/${product.slug}`,
    "/?lang=en",
    "/page/mentions-legales",
    search,
    "/search?q=zzzz-rien",
  ]) {
    const scripts: string[] = [];
    const listener = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    };
    page.on("request", listener);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    page.off("request", listener);
    expect(scripts.filter(isFrameworkScript), path).toEqual([]);
    expect(
      scripts.some((url) => new URL(url).pathname.includes("/island-site-")),
      `${path} loads the site island`,
    ).toBe(true);
    expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
  }
});

test("speculation rules offer the site's own public pages for prerendering, and hovering a link starts it", async ({ page }) => {
  const { category } = data();
  const cdp = await page.context().newCDPSession(page);
  const candidates: string[] = [];
  const attempts: string[] = [];
  cdp.on("Preload.preloadingAttemptSourcesUpdated", (event: { preloadingAttemptSources: { key: { action: string; url: string } }[] }) => {
    for (const source of event.preloadingAttemptSources) candidates.push(source.key.url);
  });
  cdp.on("Preload.prerenderStatusUpdated", (event: { key: { url: string } }) => attempts.push(event.key.url));
  await cdp.send("Preload.enable");

  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect.poll(() => candidates.some((url) => url.endsWith(`/category/${category.slug}`))).toBe(true);
  const origin = new URL(page.url()).origin;
  for (const url of candidates) {
    expect(url.startsWith(origin), url).toBe(true);
    expect(new URL(url).pathname, url).not.toMatch(/^\/(admin|api|uploads)(\/|$)/);
  }
  expect(attempts, "nothing is prerendered before the visitor shows intent").toEqual([]);

  // moderate eagerness: hovering the link starts the prerender (DevTools, which drives this browser, then stops it).
  await page.getByRole("contentinfo").getByRole("link", { name: category.nameFr }).hover();
  await expect.poll(() => attempts.some((url) => url.endsWith(`/category/${category.slug}`))).toBe(true);
});

test("a prerendered page records its visit only once it is shown", async ({ page, api }) => {
  // Chromium does not prerender under DevTools (which drives it here), so the page is loaded in the prerendering state
  // the browser would give it: document.prerendering true until the "prerenderingchange" event.
  const { product } = data();
  const target = `/product/${product.slug}`;
  const visitsOfTarget = async () =>
    (await api.get<Visit[]>("/api/analytics/recent?limit=100")).filter((v) => v.pagePath === target).length;
  const before = await visitsOfTarget();
  await page.addInitScript(() => {
    const state = { prerendering: true };
    Object.defineProperty(window, "__prerender", { value: state });
    Object.defineProperty(Document.prototype, "prerendering", { configurable: true, get: () => state.prerendering });
  });
  const records: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/analytics")) records.push(request.postData() ?? "");
  });

  await page.goto(target);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (document as Document & { prerendering?: boolean }).prerendering)).toBe(true);
  expect(records, "no visit while prerendered").toEqual([]);
  expect(await visitsOfTarget()).toBe(before);

  await page.evaluate(() => {
    (window as unknown as { __prerender: { prerendering: boolean } }).__prerender.prerendering = false;
    document.dispatchEvent(new Event("prerenderingchange"));
  });
  await expect.poll(() => records.length).toBe(1);
  await expect.poll(visitsOfTarget).toBe(before + 1);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form still stores the message and answers with a confirmation", async ({ page, api }) => {
    const fullName = `Sans JS ${uniqueSlug("e2e")}`;
    await page.goto("/contact?lang=en&subject=Ulva");
    await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "subject"))).toHaveValue("Ulva");
    await page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "fullName")).fill(fullName);
    await page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "emailField")).fill("nojs@example.com");
    await page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "phoneCode")).selectOption("+33");
    await page.getByRole("textbox", { name: translate(CONTACT_SITE_TEXTS, "en", "phoneField") }).fill("612345678");
    await page.getByRole("textbox", { name: translate(CONTACT_SITE_TEXTS, "en", "message"), exact: true }).fill("Sent without JavaScript.");
    await page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, "en", "submit") }).click();

    await expect(page.getByRole("status")).toHaveText(translate(CONTACT_SITE_TEXTS, "en", "success"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "en", "fullName"))).toHaveValue("");
    const received = (await api.get<ContactSubmission[]>("/api/contact/submissions")).find((s) => s.fullName === fullName);
    expect(received?.phone).toBe("+33 612345678");
    expect(received?.subject).toBe("Ulva");
  });

  test("invalid fields come back with their messages and the values typed", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "emailField")).fill("not-an-email");
    await page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "subject")).fill("Devis");
    await page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, "fr", "submit") }).click();

    const fullName = page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "fullName"));
    await expect(fullName).toHaveAttribute("aria-invalid", "true");
    await expect(fullName).toHaveAccessibleDescription(translate(CONTACT_SITE_TEXTS, "fr", "errors.required"));
    await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "emailField"))).toHaveAccessibleDescription(
      translate(CONTACT_SITE_TEXTS, "fr", "errors.email"),
    );
    await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "emailField"))).toHaveValue("not-an-email");
    await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "subject"))).toHaveValue("Devis");
  });
});
