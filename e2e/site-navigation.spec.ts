import { translate } from "../app/i18n/lang";
import type { Visit } from "../shared/schemas/analytics";
import { expect, test } from "./fixtures";
import { type Catalogue, createCatalogue, removeCatalogue } from "./site-helpers";

let catalogue: Catalogue | undefined;

test.beforeAll(async ({ api }) => {
  catalogue = await createCatalogue(api);
});
test.afterAll(async ({ api }) => {
  await removeCatalogue(api, catalogue);
});

function data(): Catalogue {
  if (!catalogue) throw new Error("catalogue not created");
  return catalogue;
}

test("the FR/EN toggle switches interface texts and entity fields at once, without reloading data, and keeps the language on navigation", async ({
  page,
}) => {
  const { product, category } = data();
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(".data")) dataRequests.push(request.url());
  });
  await page.goto(`/product/${product.slug}`);
  await page.waitForLoadState("networkidle");
  const nav = page.getByRole("navigation", { name: translate("fr", "nav.label") });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameFr);
  await expect(nav.getByRole("link", { name: translate("fr", "nav.home") })).toBeVisible();
  await expect(page.getByRole("button", { name: "FR", exact: true })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(`/product/${product.slug}?lang=en`);
  await expect(page.getByRole("button", { name: "EN", exact: true })).toHaveAttribute("aria-pressed", "true");
  const enNav = page.getByRole("navigation", { name: translate("en", "nav.label") });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameEn);
  await expect(page.getByText(product.shortDescriptionEn)).toBeVisible();
  await expect(enNav.getByRole("link", { name: translate("en", "nav.home") })).toBeVisible();
  await expect(enNav.getByRole("link", { name: category.nameEn })).toBeVisible();
  await expect(page.getByText("First text block in English.")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Parameter" })).toBeVisible();
  await expect(page.getByRole("heading", { name: translate("en", "product.similar") })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByText(translate("en", "footer.follow"))).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(product.nameEn));
  await expect(page.locator("body").getByText(product.nameFr)).toHaveCount(0);
  expect(dataRequests, "switching language fetches nothing").toEqual([]);

  await enNav.getByRole("link", { name: translate("en", "nav.contact") }).click();
  await expect(page).toHaveURL("/contact?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate("en", "contact.title"));

  await page.getByRole("button", { name: "FR", exact: true }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate("fr", "contact.title"));
});

test("the active route is highlighted in the top bar", async ({ page }) => {
  const { category } = data();
  await page.goto(`/category/${category.slug}`);
  const nav = page.getByRole("navigation", { name: translate("fr", "nav.label") });
  await expect(nav.getByRole("link", { name: category.nameFr })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: translate("fr", "nav.home") })).not.toHaveAttribute("aria-current", "page");
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the hamburger menu opens the same links and closes on selection and on Escape", async ({ page }) => {
    const { category } = data();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const desktopNav = page.getByRole("navigation", { name: translate("fr", "nav.label") });
    await expect(desktopNav).toBeHidden();
    const toggle = page.getByRole("button", { name: translate("fr", "nav.openMenu") });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: translate("fr", "nav.mobileLabel") });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: translate("fr", "nav.closeMenu") })).toHaveAttribute("aria-expanded", "true");
    for (const name of [translate("fr", "nav.home"), category.nameFr, translate("fr", "nav.contact")]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: translate("fr", "nav.openMenu") }).click();
    await menu.getByRole("link", { name: category.nameFr }).click();
    await expect(page).toHaveURL(`/category/${category.slug}`);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.nameFr);
  });

  test("the menu is operable with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const toggle = page.getByRole("button", { name: translate("fr", "nav.openMenu") });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: translate("fr", "nav.mobileLabel") });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: translate("fr", "nav.home") })).toBeFocused();
  });
});

test("each route change scrolls to the top of the page", async ({ page }) => {
  const { category } = data();
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: category.nameFr }).click();
  await expect(page).toHaveURL(`/category/${category.slug}`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("every route change of the public site records a visit with its path and referrer", async ({ page, api }) => {
  const { category, product } = data();
  await page.goto(`/category/${category.slug}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: product.nameFr }).first().click();
  await expect(page).toHaveURL(`/product/${product.slug}`);

  const recentVisits = () => api.get<Visit[]>("/api/analytics/recent?limit=50");
  await expect.poll(async () => (await recentVisits()).some((v) => v.pagePath === `/category/${category.slug}`)).toBe(true);
  // The client-side navigation's record names the category page as its referrer.
  await expect
    .poll(async () =>
      (await recentVisits()).some((v) => v.pagePath === `/product/${product.slug}` && v.referrer.endsWith(`/category/${category.slug}`)),
    )
    .toBe(true);
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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate("fr", "contact.title"));
  await expect.poll(() => logged.some((text) => text.includes("Visit tracking failed"))).toBe(true);
  expect(errors).toEqual([]);
});
