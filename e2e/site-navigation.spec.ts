import type { Visit } from "@shared/schemas/analytics";
import { PRODUCT_SITE_TEXTS } from "../app/features/catalogue/site/texts";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { SITE_TEXTS } from "../app/i18n/site";
import { translate } from "../app/i18n/texts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { catalogueForThisFile, uniqueSlug } from "./site-helpers";

const data = catalogueForThisFile();

test("the FR/EN toggle is a pair of links to the same page in each language, and every internal link keeps the language", async ({
  page,
}) => {
  const { product, category } = data();
  await page.goto(`/product/${product.slug}`);
  const nav = page.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "nav.label") });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameFr);
  await expect(nav.getByRole("link", { name: translate(SITE_TEXTS, "fr", "nav.home") })).toBeVisible();
  await expect(page.getByRole("link", { name: "FR", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("link", { name: "EN", exact: true })).toHaveAttribute("href", `/product/${product.slug}?lang=en`);

  await page.getByRole("link", { name: "EN", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(`/product/${product.slug}?lang=en`);
  await expect(page.getByRole("link", { name: "EN", exact: true })).toHaveAttribute("aria-current", "true");
  const enNav = page.getByRole("navigation", { name: translate(SITE_TEXTS, "en", "nav.label") });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameEn);
  await expect(page.getByText(product.shortDescriptionEn)).toBeVisible();
  await expect(enNav.getByRole("link", { name: translate(SITE_TEXTS, "en", "nav.home") })).toBeVisible();
  await expect(enNav.getByRole("link", { name: category.nameEn })).toBeVisible();
  await expect(page.getByText("First text block in English.")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Parameter" })).toBeVisible();
  await expect(page.getByRole("heading", { name: translate(PRODUCT_SITE_TEXTS, "en", "similar") })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByText(translate(SITE_TEXTS, "en", "footer.follow"))).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(product.nameEn));
  await expect(page.locator("body").getByText(product.nameFr)).toHaveCount(0);

  // Every internal link of the English page stays in English.
  const internal = await page
    .locator("a[href^='/']:not([hreflang])")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(internal.length).toBeGreaterThan(5);
  for (const href of internal) {
    if (href.startsWith("/uploads/")) continue;
    expect(new URL(href, "http://x").searchParams.get("lang"), href).toBe("en");
  }

  await enNav.getByRole("link", { name: translate(SITE_TEXTS, "en", "nav.contact") }).click();
  await expect(page).toHaveURL("/contact?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate(CONTACT_SITE_TEXTS, "en", "title"));

  await page.getByRole("link", { name: "FR", exact: true }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate(CONTACT_SITE_TEXTS, "fr", "title"));
});

test("the active route is highlighted in the top bar", async ({ page }) => {
  const { category } = data();
  await page.goto(`/category/${category.slug}`);
  const nav = page.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "nav.label") });
  await expect(nav.getByRole("link", { name: category.nameFr })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: translate(SITE_TEXTS, "fr", "nav.home") })).not.toHaveAttribute("aria-current", "page");
});

test("with more categories than the top bar holds, the search and FR/EN stay in the window and the menu button lists every category", async ({
  page,
  api,
}) => {
  const t = (key: Parameters<typeof translate<typeof SITE_TEXTS>>[2]) => translate(SITE_TEXTS, "fr", key);
  const names = ["Extraits végétaux marins", "Actifs cosmétiques biologiques", "Plantes côtières séchées"].map(
    (name) => `${name} ${uniqueSlug("n")}`,
  );
  const created = await Promise.all(
    names.map((nameFr) => api.post<{ _id: string }>("/api/categories", { slug: uniqueSlug("many"), nameFr, nameEn: `${nameFr} EN` })),
  );
  try {
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      // A fixed header cannot be scrolled to: what it pushes past the window's edge is out of reach.
      const edges = await page.evaluate(() => ({
        window: window.innerWidth,
        page: document.documentElement.scrollWidth,
        toggle: Math.max(
          ...[...document.querySelectorAll("header a")]
            .filter((a) => /^(FR|EN)$/.test(a.textContent?.trim() ?? ""))
            .map((a) => a.getBoundingClientRect().right),
        ),
      }));
      expect(edges.page, `${width} px`).toBeLessThanOrEqual(width);
      expect(edges.toggle, `${width} px`).toBeLessThanOrEqual(edges.window);
      await expect(page.getByRole("navigation", { name: t("nav.label") }).getByRole("link", { name: t("nav.home") })).toBeVisible();
      await page.getByRole("button", { name: t("nav.openMenu") }).click();
      const menu = page.getByRole("navigation", { name: t("nav.mobileLabel") });
      for (const name of names) await expect(menu.getByRole("link", { name }), `${width} px`).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.getByRole("link", { name: "EN", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  } finally {
    for (const category of created) await api.delete(`/api/categories/${category._id}`);
  }
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the hamburger menu opens the same links and closes on selection and on Escape", async ({ page }) => {
    const { category } = data();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const desktopNav = page.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "nav.label") });
    await expect(desktopNav).toBeHidden();
    const toggle = page.getByRole("button", { name: translate(SITE_TEXTS, "fr", "nav.openMenu") });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "nav.mobileLabel") });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: translate(SITE_TEXTS, "fr", "nav.closeMenu") })).toHaveAttribute("aria-expanded", "true");
    for (const name of [translate(SITE_TEXTS, "fr", "nav.home"), category.nameFr, translate(SITE_TEXTS, "fr", "nav.contact")]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: translate(SITE_TEXTS, "fr", "nav.openMenu") }).click();
    await menu.getByRole("link", { name: category.nameFr }).click();
    await expect(page).toHaveURL(`/category/${category.slug}`);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.nameFr);
  });

  test("the menu is operable with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const toggle = page.getByRole("button", { name: translate(SITE_TEXTS, "fr", "nav.openMenu") });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "nav.mobileLabel") });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: translate(SITE_TEXTS, "fr", "nav.home") })).toBeFocused();
    // Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: translate(SITE_TEXTS, "fr", "nav.openMenu") })).toBeFocused();
  });
});

test("each new page starts at the top", async ({ page }) => {
  const { category } = data();
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: category.nameFr }).click();
  await expect(page).toHaveURL(`/category/${category.slug}`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("every page view of the public site records one visit with its path and referrer", async ({ page, api }) => {
  const { category, product } = data();
  await page.goto(`/category/${category.slug}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: product.nameFr }).first().click();
  await expect(page).toHaveURL(`/product/${product.slug}`);

  const recentVisits = () => api.get<Visit[]>("/api/analytics/recent?limit=100");
  await expect.poll(async () => (await recentVisits()).some((v) => v.pagePath === `/category/${category.slug}`)).toBe(true);
  // The product page's record names the category page as its referrer, once.
  const fromCategory = async () =>
    (await recentVisits()).filter((v) => v.pagePath === `/product/${product.slug}` && v.referrer.endsWith(`/category/${category.slug}`))
      .length;
  await expect.poll(fromCategory).toBe(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameFr);
  await page.waitForLoadState("networkidle");
  expect(await fromCategory()).toBe(1);
});

test("a failing visit record is only logged: the page keeps working", async ({ page }) => {
  const errors: string[] = [];
  const logged: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  await page.route("**/api/analytics", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate(CONTACT_SITE_TEXTS, "fr", "title"));
  await expect.poll(() => logged.some((text) => text.includes("Visit tracking failed"))).toBe(true);
  expect(errors).toEqual([]);
});
