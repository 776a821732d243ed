import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import type { SitePage } from "@shared/schemas/site-page";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { SITE_TEXTS } from "../app/i18n/site";
import { translate } from "../app/i18n/texts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { setLegalPages, uniqueSlug } from "./site-helpers";

/** Editable pages on the public site (decision 0102): served by the server, linked from the footer and the contact form. */
test.describe("editable pages on the public site", () => {
  // The legal pages start unpublished (drafts with bracketed texts, migration 0028): each test publishes them first.
  test.beforeEach(async ({ api }) => {
    await setLegalPages(api, true);
  });

  test("while the legal drafts are unpublished, no footer link and no privacy link lead to them; once published, both do", async ({
    page,
    api,
  }) => {
    await setLegalPages(api, false);
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "legal.label") })).toHaveCount(0);
    // The notice itself stays: what the data is for is said at collection, published policy or not.
    await expect(page.getByText(translate(CONTACT_SITE_TEXTS, "fr", "privacyNotice"))).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: translate(CONTACT_SITE_TEXTS, "fr", "privacyLink") })).toHaveCount(0);
    expect((await page.request.get("/page/mentions-legales")).status()).toBe(404);
    await expectNoAxeViolations(page);

    await setLegalPages(api, true);
    await page.goto("/");
    const fr = page.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "legal.label") });
    await expect(fr.getByRole("link", { name: "Mentions légales" })).toHaveAttribute("href", "/page/mentions-legales");
    await expect(fr.getByRole("link", { name: "Politique de confidentialité" })).toHaveAttribute(
      "href",
      "/page/politique-de-confidentialite",
    );
    await page.goto("/contact?lang=en");
    const en = page.getByRole("navigation", { name: translate(SITE_TEXTS, "en", "legal.label") });
    await expect(en.getByRole("link", { name: "Legal notice" })).toHaveAttribute("href", "/page/legal-notice?lang=en");
    await expect(page.getByRole("main").getByRole("link", { name: translate(CONTACT_SITE_TEXTS, "en", "privacyLink") })).toHaveAttribute(
      "href",
      "/page/privacy-policy?lang=en",
    );
    await expectNoAxeViolations(page);
  });

  for (const width of [375, 1280]) {
    test(`the legal notice and the privacy policy are reached from the footer in both languages, with no axe violation (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const legal = page.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "legal.label") });
      await legal.getByRole("link", { name: "Mentions légales" }).click();
      await expect(page).toHaveURL(/\/page\/mentions-legales$/);
      await expect(page.getByRole("heading", { level: 1, name: "Mentions légales" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Éditeur du site" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "horizontal overflow").toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);

      await page.goto("/?lang=en");
      await page
        .getByRole("navigation", { name: translate(SITE_TEXTS, "en", "legal.label") })
        .getByRole("link", { name: "Privacy policy" })
        .click();
      await expect(page).toHaveURL(/\/page\/privacy-policy\?lang=en$/);
      await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expectNoAxeViolations(page);
    });
  }

  test("a page has its canonical and hreflang alternates on each language's slug, and the sitemap lists both", async ({
    page,
    request,
  }) => {
    const response = await page.goto("/page/politique-de-confidentialite");
    expect(response?.status()).toBe(200);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(/\/page\/politique-de-confidentialite$/);
    expect(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute("href")).toMatch(/\/page\/privacy-policy\?lang=en$/);
    expect(await page.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute("href")).toMatch(
      /\/page\/politique-de-confidentialite$/,
    );
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/page\/politique-de-confidentialite<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]*\/page\/privacy-policy\?lang=en<\/loc>/);
  });

  test("the language toggle keeps the page: the other language's slug redirects (301) to the asked language's", async ({ request }) => {
    const response = await request.get("/page/mentions-legales?lang=en", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/page/legal-notice?lang=en");
    expect((await request.get("/page/does-not-exist")).status()).toBe(404);
  });

  test("under the contact form, a notice says what the data is for and links to the privacy policy", async ({ page }) => {
    for (const lang of ["fr", "en"] as const) {
      await page.goto(lang === "en" ? "/contact?lang=en" : "/contact");
      await expect(page.getByText(translate(CONTACT_SITE_TEXTS, lang, "privacyNotice"))).toBeVisible();
      const link = page.getByRole("main").getByRole("link", { name: translate(CONTACT_SITE_TEXTS, lang, "privacyLink") });
      await expect(link).toHaveAttribute("href", lang === "en" ? "/page/privacy-policy?lang=en" : "/page/politique-de-confidentialite");
    }
  });

  test("a page's rich text is rendered by the server: headings, lists, an external link with rel=noopener, no script", async ({
    page,
    api,
  }) => {
    const slug = uniqueSlug("page-riche");
    const created = await api.post<SitePage>("/api/pages", {
      slugFr: slug,
      slugEn: `${slug}-en`,
      titleFr: "Page riche",
      titleEn: "Rich page",
      bodyFr: {
        type: "doc",
        content: [
          { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Sous-titre" }] },
          {
            type: "paragraph",
            content: [
              { type: "text", text: "<script>alert(1)</script> " },
              { type: "text", text: "un lien", marks: [{ type: "link", attrs: { href: "https://example.com/", target: "_blank" } }] },
            ],
          },
          {
            type: "bulletList",
            content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "point" }] }] }],
          },
        ],
      },
      bodyEn: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "English" }] }] },
    });
    try {
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await page.goto(`/page/${slug}`);
      await expect(page.getByRole("heading", { level: 2, name: "Sous-titre" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "point" })).toBeVisible();
      const link = page.getByRole("link", { name: "un lien" });
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(page.getByText("<script>alert(1)</script>")).toBeVisible();
      expect(dialogs).toBe(0);
      await api.patch(`/api/pages/${created._id}`, { isActive: false });
      // Asked outside the browser's HTTP cache: the server's own answer is what changed.
      expect((await page.request.get(`/page/${slug}`)).status()).toBe(404);
    } finally {
      await api.delete(`/api/pages/${created._id}`);
    }
  });
});

test("a product's rich text block is rendered by the server, a plain one as paragraphs as before", async ({ page, api }) => {
  const categories = await api.get<Category[]>("/api/categories");
  const slug = uniqueSlug("produit-riche");
  const product = await api.post<Product>("/api/products", {
    slug,
    nameFr: "Produit riche",
    nameEn: "Rich product",
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
    isActive: true,
    contentBlocks: [
      {
        type: "text",
        richFr: {
          type: "doc",
          content: [
            { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Origine" }] },
            {
              type: "orderedList",
              content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Bizerte" }] }] }],
            },
            {
              type: "paragraph",
              content: [{ type: "text", text: "nous écrire", marks: [{ type: "italic" }, { type: "link", attrs: { href: "/contact" } }] }],
            },
          ],
        },
        contentEn: "First paragraph\n\nSecond paragraph",
      },
    ],
  } satisfies ProductInput);
  try {
    await page.goto(`/product/${slug}`);
    await expect(page.getByRole("heading", { level: 3, name: "Origine" })).toBeVisible();
    await expect(
      page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ hasText: /^Bizerte$/ }),
    ).toBeVisible();
    const link = page.getByRole("link", { name: "nous écrire" });
    await expect(link).toHaveAttribute("href", "/contact");
    expect(await link.getAttribute("rel")).toBeNull();
    await page.goto(`/product/${slug}?lang=en`);
    await expect(page.getByRole("main").getByText("First paragraph", { exact: true })).toHaveJSProperty("tagName", "P");
    await expect(page.getByRole("main").getByText("Second paragraph", { exact: true })).toHaveJSProperty("tagName", "P");
  } finally {
    await api.delete(`/api/products/${product._id}`);
  }
});
