import { LANGUAGES, type Lang } from "@shared/company";
import { SITE_SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { PAGER_TEXTS } from "../app/components/site/pager";
import { PRODUCT_SITE_TEXTS } from "../app/features/catalogue/site/texts";
import { CATEGORY_SITE_TEXTS } from "../app/features/categories/site/texts";
import { HOME_SITE_TEXTS } from "../app/features/home/site/texts";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { SITE_TEXTS } from "../app/i18n/site";
import { translate } from "../app/i18n/texts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";
import { catalogueForThisFile, uniqueSlug, uploadImage } from "./site-helpers";

const suffix = (lang: Lang) => (lang === "en" ? "?lang=en" : "");

const data = catalogueForThisFile();

for (const lang of LANGUAGES) {
  test(`the home page renders in ${lang} with the story, values, categories and a contact button, without axe violations`, async ({
    page,
  }) => {
    const response = await page.goto(`/${suffix(lang)}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page).toHaveTitle(translate(HOME_SITE_TEXTS, lang, "seo.title"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const home = SITE_SETTINGS_DEFAULTS.home;
    await expect(page.getByRole("heading", { name: home.story.title[lang] })).toBeVisible();
    for (const entry of home.story.entries) await expect(page.getByText(entry.title[lang])).toBeVisible();
    await expect(page.getByRole("heading", { name: home.mission.title[lang] })).toBeVisible();
    for (const value of home.values) await expect(page.getByRole("heading", { name: value.title[lang] })).toBeVisible();
    const category = data().category;
    const name = lang === "en" ? category.nameEn : category.nameFr;
    await expect(page.locator("#products").getByRole("link", { name })).toHaveAttribute(
      "href",
      `/category/${category.slug}${suffix(lang)}`,
    );
    await expect(page.locator("section[aria-labelledby=contact-band-title]").getByRole("link")).toHaveAttribute(
      "href",
      `/contact${suffix(lang)}`,
    );
    await expectNoAxeViolations(page);
  });

  test(`a category page renders in ${lang} with its products, the Available badge and a call to action, without axe violations`, async ({
    page,
  }) => {
    const { category, product } = data();
    await page.goto(`/category/${category.slug}${suffix(lang)}`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "en" ? category.nameEn : category.nameFr);
    await expect(page.getByText(lang === "en" ? category.descriptionEn : category.descriptionFr)).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: lang === "en" ? product.nameEn : product.nameFr });
    await expect(card.getByText(translate(PRODUCT_SITE_TEXTS, lang, "available"))).toBeVisible();
    await expect(card.getByRole("link")).toHaveAttribute("href", `/product/${product.slug}${suffix(lang)}`);
    await expect(page.getByRole("link", { name: translate(CATEGORY_SITE_TEXTS, lang, "quote") })).toBeVisible();
    await expect(page.getByRole("heading", { name: translate(CATEGORY_SITE_TEXTS, lang, "ctaTitle") })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test(`a product page renders in ${lang} with its content blocks in order and similar products, without axe violations`, async ({
    page,
  }) => {
    const { product, similar, category } = data();
    await page.goto(`/product/${product.slug}${suffix(lang)}`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "en" ? product.nameEn : product.nameFr);
    await expect(page.getByText(lang === "en" ? product.shortDescriptionEn : product.shortDescriptionFr)).toBeVisible();
    await expect(page.getByRole("link", { name: lang === "en" ? category.nameEn : category.nameFr }).first()).toBeVisible();
    const blocks = page.locator("#details-title ~ div").last();
    const texts =
      lang === "en"
        ? ["First text block in English.", "Text beside the image.", "Data sheet"]
        : ["Premier bloc de texte en français.", "Texte à côté de l'image.", "Fiche technique"];
    const content = (await blocks.textContent()) ?? "";
    const positions = texts.map((text) => content.indexOf(text));
    expect(
      positions.every((p) => p >= 0),
      content,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(page.getByRole("columnheader", { name: lang === "en" ? "Parameter" : "Paramètre" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: lang === "en" ? "Moisture" : "Humidité" })).toBeVisible();
    await expect(page.getByRole("heading", { name: translate(PRODUCT_SITE_TEXTS, lang, "similar") })).toBeVisible();
    await expect(page.getByRole("link", { name: lang === "en" ? similar.nameEn : similar.nameFr })).toBeVisible();
    await expect(page.getByRole("link", { name: translate(PRODUCT_SITE_TEXTS, lang, "quote") })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test(`the contact page renders in ${lang} with the coordinates and the form, without axe violations`, async ({ page }) => {
    await page.goto(`/contact${suffix(lang)}`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate(CONTACT_SITE_TEXTS, lang, "title"));
    await expect(page.getByText(SITE_SETTINGS_DEFAULTS.company.address).first()).toBeVisible();
    await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, lang, "fullName"))).toBeVisible();
    await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, lang, "phoneCode"))).toHaveValue("+216");
    await expect(page.getByLabel(translate(CONTACT_SITE_TEXTS, lang, "phoneCode")).locator("option")).toHaveCount(10);
    await expect(page.getByRole("button", { name: translate(CONTACT_SITE_TEXTS, lang, "submit") })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test(`a missing category and a missing product answer 404 with the not-found screen in ${lang}`, async ({ page }) => {
    const category = await page.goto(`/category/${uniqueSlug("missing")}${suffix(lang)}`);
    expect(category?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate(SITE_TEXTS, lang, "notFound.category"));
    await expect(page.getByRole("link", { name: translate(SITE_TEXTS, lang, "notFound.back") })).toHaveAttribute(
      "href",
      `/${suffix(lang)}`,
    );
    await expectNoAxeViolations(page);

    const product = await page.goto(`/product/${uniqueSlug("missing")}${suffix(lang)}`);
    expect(product?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate(SITE_TEXTS, lang, "notFound.product"));
    await page.getByRole("link", { name: translate(SITE_TEXTS, lang, "notFound.back") }).click();
    await expect(page).toHaveURL(`/${suffix(lang)}`);
  });
}

test("an inactive product is not public: its page answers 404, and its preview link shows it with a band", async ({
  api,
  request,
  page,
}) => {
  const { product } = data();
  await api.patch(`/api/products/${product._id}`, { isActive: false });
  try {
    expect((await request.get(`/product/${product.slug}`)).status()).toBe(404);
    const { url } = await api.post<{ url: string }>(`/api/products/${product._id}/preview`);
    const preview = await request.get(url);
    expect(preview.status()).toBe(200);
    expect(preview.headers()["cache-control"]).toBe("private, no-store");
    expect(await preview.text()).toContain(translate(PRODUCT_SITE_TEXTS, "fr", "previewBand"));
    expect((await request.get(`/product/${product.slug}`)).status()).toBe(404);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}&lang=en`);
      await expect(page.getByRole("status")).toContainText(translate(PRODUCT_SITE_TEXTS, "en", "previewBand"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.nameEn);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, "site-screens", `preview-band-${width}.png`);
    }
  } finally {
    await api.patch(`/api/products/${product._id}`, { isActive: true });
  }
});

test("a category without products shows the empty-state text", async ({ api, page }) => {
  const category = await api.post<{ _id: string; slug: string }>("/api/categories", {
    slug: uniqueSlug("e2e-empty"),
    nameFr: "Gamme vide",
    nameEn: "Empty range",
  });
  try {
    await page.goto(`/category/${category.slug}`);
    await expect(page.getByText(translate(CATEGORY_SITE_TEXTS, "fr", "empty"))).toBeVisible();
  } finally {
    await api.delete(`/api/categories/${category._id}`);
  }
});

test("a category with 30 products shows 24 per page, and its next and previous links work without JavaScript, in English too", async ({
  api,
  browser,
  baseURL,
  page: withScripts,
}) => {
  const category = await api.post<{ _id: string; slug: string }>("/api/categories", {
    slug: uniqueSlug("e2e-paged"),
    nameFr: "Gamme de trente",
    nameEn: "Range of thirty",
  });
  const ids: string[] = [];
  const image = await uploadImage(api, { width: 800, height: 600, color: "#2B7A9B" });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    for (let i = 0; i < 30; i += 1) {
      const n = String(i).padStart(2, "0");
      const created = await api.post<{ _id: string }>("/api/products", {
        slug: uniqueSlug(`e2e-paged-${n}`),
        nameFr: `Produit paginé ${n}`,
        nameEn: `Paged product ${n}`,
        shortDescriptionFr: "Description courte.",
        shortDescriptionEn: "Short description.",
        mainImageUrl: image.url,
        categoryId: category._id,
        isActive: true,
        contentBlocks: [],
      });
      ids.push(created._id);
    }
    const page = await context.newPage();
    await page.goto(`/category/${category.slug}?lang=en`);
    await expect(page.getByRole("article")).toHaveCount(24);
    await expect(page.getByText(translate(CATEGORY_SITE_TEXTS, "en", "count", { count: 30 }))).toBeVisible();
    await expect(page.getByRole("link", { name: translate(PAGER_TEXTS, "en", "previous") })).toHaveCount(0);
    await page.getByRole("link", { name: translate(PAGER_TEXTS, "en", "next") }).click();
    await expect(page).toHaveURL(`/category/${category.slug}?page=2&lang=en`);
    await expect(page).toHaveTitle(/ – page 2$/);
    await expect(page.getByRole("article")).toHaveCount(6);
    await expect(page.getByRole("heading", { name: "Paged product 29" })).toBeVisible();
    await expect(page.getByText(translate(PAGER_TEXTS, "en", "status", { page: 2, pageCount: 2 }))).toBeVisible();
    await expect(page.getByRole("link", { name: translate(PAGER_TEXTS, "en", "next") })).toHaveCount(0);
    await page.getByRole("link", { name: translate(PAGER_TEXTS, "en", "previous") }).click();
    await expect(page).toHaveURL(`/category/${category.slug}?lang=en`);
    await expect(page.getByRole("heading", { name: "Paged product 00" })).toBeVisible();
    expect((await page.goto(`/category/${category.slug}?page=3`))?.status()).toBe(404);
    // axe runs scripts in the page: it checks both pages in a context with JavaScript.
    for (const path of [`/category/${category.slug}`, `/category/${category.slug}?page=2&lang=en`]) {
      await withScripts.goto(path);
      await expectNoAxeViolations(withScripts);
    }
  } finally {
    await context.close();
    for (const id of ids) await api.delete(`/api/products/${id}`);
    await api.delete(`/api/categories/${category._id}`);
  }
});

test("an unknown path answers a redirect to the home page", async ({ page, request }) => {
  const direct = await request.get(`/${uniqueSlug("nowhere")}/deeper`, { maxRedirects: 0 });
  expect(direct.status()).toBeGreaterThanOrEqual(300);
  expect(direct.status()).toBeLessThan(400);
  expect(direct.headers().location).toBe("/");

  const response = await page.goto(`/${uniqueSlug("nowhere")}`);
  const first = response?.request().redirectedFrom();
  expect(first, "the first response of the chain is a redirect").toBeTruthy();
  const firstResponse = await first?.response();
  expect(firstResponse?.status()).toBeGreaterThanOrEqual(300);
  expect(firstResponse?.status()).toBeLessThan(400);
  expect(new URL(page.url()).pathname).toBe("/");
  expect(response?.status()).toBe(200);
});

test("the server HTML of a product page holds its name, a content block text, SEO links and JSON-LD without JavaScript", async ({
  request,
}) => {
  const { product, category } = data();
  const response = await request.get(`/product/${product.slug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(product.nameFr);
  expect(html).toContain("Premier bloc de texte en français.");
  expect(html).toContain('<html lang="fr"');
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/product/${product.slug}"`));
  expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="en" href="http://[^"]+/product/${product.slug}\\?lang=en"`, "i"));
  expect(html).toMatch(/<link rel="alternate" hreflang="x-default"/i);
  expect(html).toContain('property="og:title"');
  expect(html).toContain('"@type":"BreadcrumbList"');
  expect(html).toContain(category.nameFr);

  const english = await (await request.get(`/product/${product.slug}?lang=en`)).text();
  expect(english).toContain('<html lang="en"');
  expect(english).toContain(product.nameEn);
  expect(english).toContain("First text block in English.");
});

test("the home page HTML carries the Organization JSON-LD", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain('"@type":"Organization"');
});

test("sitemap.xml lists home, contact, categories and active products with language alternates; robots.txt keeps crawlers out of /admin", async ({
  request,
}) => {
  const { category, product } = data();
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  const origin = new URL(sitemap.url()).origin;
  for (const path of ["/", "/contact", `/category/${category.slug}`, `/product/${product.slug}`]) {
    expect(xml).toContain(`<loc>${origin}${path}</loc>`);
    expect(xml).toContain(`<loc>${origin}${path}?lang=en</loc>`);
  }
  expect(xml).toContain(`hreflang="en" href="${origin}/product/${product.slug}?lang=en"`);
  expect(xml).toContain('hreflang="x-default"');

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
});
