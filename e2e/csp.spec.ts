import type { Page } from "@playwright/test";
import type { Category } from "@shared/schemas/category";
import type { Product } from "@shared/schemas/product";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { COMMON_TEXTS } from "../app/i18n/admin/common";
import { SITE_TEXTS } from "../app/i18n/site";
import { translate } from "../app/i18n/texts";
import { openAdmin } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { setLegalPages } from "./site-helpers";

/** Collects every Content-Security-Policy violation of the page, from the first script it runs. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__cspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber} (${document.location.pathname})`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("no public page, in either language, breaks its Content-Security-Policy", async ({ page, api }) => {
  await setLegalPages(api, true);
  const violations = await watchCsp(page);
  const categories = await api.get<Category[]>("/api/categories");
  const products = await api.get<Product[]>("/api/products");
  const paths = [
    "/",
    "/contact",
    "/page/mentions-legales",
    "/page/politique-de-confidentialite",
    ...categories.map((c) => `/category/${c.slug}`),
    ...products.slice(0, 2).map((p) => `/product/${p.slug}`),
    // The contact form with a product chosen (decision 0108).
    ...products.slice(0, 1).map((p) => `/contact?product=${p.slug}`),
    // A product page with documents, public and on request, and the form an on-request one opens (decision 0109).
    "/product/ulva-lactuca",
    "/contact?product=ulva-lactuca&type=documents",
    "/search",
    "/search?q=algue",
    "/search?q=zzzz-rien",
  ];
  for (const path of paths) {
    for (const suffix of ["", path.includes("?") ? "&lang=en" : "?lang=en"]) {
      const response = await page.goto(`${path}${suffix}`);
      expect(response?.headers()["content-security-policy"], path).toContain("object-src 'none'");
      expect(await response?.text(), path).not.toMatch(/\snonce=/);
      await page.waitForLoadState("networkidle");
    }
  }
  // The islands at work: menu, contact validation and its toast.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/contact");
  await page.getByRole("button", { name: translate(SITE_TEXTS, "fr", "nav.openMenu") }).click();
  await page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, "fr", "submit") }).click();
  await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("no admin screen breaks its Content-Security-Policy", async ({ page }) => {
  // Fourteen screens one after the other, each to its network idle: over a minute on a loaded 2-core machine.
  test.slow();
  const violations = await watchCsp(page);
  const response = await page.goto("/admin/login");
  const policy = response?.headers()["content-security-policy"] ?? "";
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"])
    expect(policy).toContain(directive);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(await response?.text()).not.toMatch(/\snonce=/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await openAdmin(page);
  for (const screen of [
    "/admin/banner",
    "/admin/products",
    "/admin/products/new",
    "/admin/partners",
    "/admin/certifications",
    "/admin/trade-shows",
    "/admin/pages",
    "/admin/pages/new",
    "/admin/contacts",
    "/admin/analytics",
    "/admin/settings",
    "/admin/redirects",
    "/admin/media",
    "/admin/history/settings/site",
  ]) {
    const screenResponse = await page.goto(screen);
    expect(await screenResponse?.text(), screen).not.toMatch(/\snonce=/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
  }
  // A screen reached by the admin's own client-side navigation as well.
  await page
    .getByRole("link", { name: translate(COMMON_TEXTS, "fr", "nav.dashboard") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a script that reaches a page's HTML some other way than the app's own render is blocked by the page's policy", async ({ page }) => {
  const violations = await watchCsp(page);
  for (const path of ["/", "/admin/login"]) {
    // The delivered page, its header untouched, with a script slipped into the body as failed escaping would let it.
    await page.route(path, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("<body", "<script>window.__injected = true;</script><body");
      await route.fulfill({ response, body: html });
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected), path).toBeUndefined();
    await page.unroute(path);
  }
  expect(violations.filter((text) => /script-src/.test(text)).length).toBeGreaterThanOrEqual(2);
  // The app's own scripts still ran: the admin screen hydrated and shows its form.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
});
