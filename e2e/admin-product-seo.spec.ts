import type { Product } from "@shared/schemas/product";
import { PRODUCT_SITE_TEXTS } from "../app/features/catalogue/site/texts";
import { SITE_TEXTS } from "../app/i18n/site";
import { translate } from "../app/i18n/texts";
import { checkPhoneLayout, openAdmin } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";
import { catalogueForThisFile, uniqueSlug } from "./site-helpers";

const data = catalogueForThisFile();

test.describe("product SEO fields and preview", () => {
  test("the SEO section previews the search result while typing, and the public page uses the meta title and description", async ({
    page,
    api,
    browser,
  }) => {
    test.slow();
    const { product } = data();
    await openAdmin(page, `/admin/products/edit/${product._id}`);
    const seo = page.getByRole("group", { name: "Référencement (SEO)" });
    await seo.scrollIntoViewIfNeeded();
    const previewFr = seo.getByRole("figure", { name: "Aperçu dans les résultats de recherche (Français)" });
    const previewEn = seo.getByRole("figure", { name: "Aperçu dans les résultats de recherche (English)" });

    // Empty: the page's own title and short description, as the public page uses them.
    await expect(previewFr.getByTestId("seo-preview-title")).toHaveText(`${product.nameFr} | ${translate(SITE_TEXTS, "fr", "seo.suffix")}`);
    await expect(previewEn.getByTestId("seo-preview-description")).toHaveText(product.shortDescriptionEn);
    await expect(previewFr.getByTestId("seo-preview-url")).toContainText(`› product › ${product.slug}`);

    const title = "Laitue de mer bio";
    await seo.getByLabel("Titre SEO (FR)").pressSequentially(title);
    await expect(previewFr.getByTestId("seo-preview-title")).toHaveText(title);
    await expect(seo.getByText(`${title.length}/60 recommandés`)).toBeVisible();
    const description = `${"Ulva lactuca séchée à basse température, ".repeat(4)}fin.`;
    await seo.getByLabel("Description SEO (FR)").fill(description);
    await expect(seo.getByText(`${description.length}/160 recommandés`)).toBeVisible();
    await expect(seo.getByText("Au-delà, Google coupe le texte.")).toBeVisible();
    await expect(previewFr.getByTestId("seo-preview-description")).toHaveText(/…$/);
    await seo.getByLabel("Titre SEO (EN)").fill("Organic sea lettuce");
    await expect(previewEn.getByTestId("seo-preview-title")).toHaveText("Organic sea lettuce");
    await expectNoAxeViolations(page);

    await keepScreenshot(seo, "admin-screens", "product-seo-1280.png");
    await page.setViewportSize({ width: 375, height: 812 });
    await seo.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await keepScreenshot(seo, "admin-screens", "product-seo-375.png");
    await checkPhoneLayout(page, "product-form-seo");

    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    const stored = await api.get<Product>(`/api/products/id/${product._id}`);
    expect(stored).toMatchObject({
      metaTitleFr: title,
      metaDescriptionFr: description,
      metaTitleEn: "Organic sea lettuce",
      metaDescriptionEn: "",
    });

    const visitor = await browser.newPage();
    await visitor.goto(`/product/${product.slug}`);
    await expect(visitor).toHaveTitle(title);
    await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", description);
    await visitor.goto(`/product/${product.slug}?lang=en`);
    await expect(visitor).toHaveTitle("Organic sea lettuce");
    await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", product.shortDescriptionEn);
    await visitor.close();
  });

  test("the preview button opens an inactive product's page with the band, not counted as a visit, while an anonymous visitor gets 404", async ({
    page,
    api,
    browser,
  }) => {
    const { product, category } = data();
    const hidden = await api.post<Product>("/api/products", {
      slug: uniqueSlug("e2e-preview"),
      nameFr: "Produit en préparation",
      nameEn: "Product in the works",
      shortDescriptionFr: "Pas encore publié.",
      shortDescriptionEn: "Not published yet.",
      mainImageUrl: product.mainImageUrl,
      categoryId: category._id,
      isActive: false,
    });
    try {
      await openAdmin(page, `/admin/products/edit/${hidden._id}`);
      const visitsSent: string[] = [];
      page.context().on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/api/analytics")) visitsSent.push(request.postDataJSON().pagePath);
      });
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Aperçu de « Produit en préparation » (nouvel onglet)" }).click();
      const tab = await popup;
      await tab.waitForURL(new RegExp(`/product/${hidden.slug}\\?preview=`));
      await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Produit en préparation");
      await expect(tab.getByRole("status")).toContainText(translate(PRODUCT_SITE_TEXTS, "fr", "previewBand"));
      await expect(tab.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      const previewUrl = tab.url();
      // An admin's preview is not a visit: the next public page's record is the first one this tab sends.
      await tab.waitForLoadState("load");
      const homeVisit = tab.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/analytics"));
      await tab.goto("/");
      await homeVisit;
      expect(visitsSent).toEqual(["/"]);
      await tab.close();

      // Anonymous: no token, or a token for the page that is not the signed one, is a 404.
      const anonymous = await browser.newContext();
      const visitor = await anonymous.newPage();
      expect((await visitor.goto(`/product/${hidden.slug}`))?.status()).toBe(404);
      const forged = new URL(previewUrl);
      forged.searchParams.set("preview", `${forged.searchParams.get("preview")?.slice(0, -4)}AAAA`);
      expect((await visitor.goto(`${forged.pathname}${forged.search}`))?.status()).toBe(404);
      // The signed link itself works in any browser for its hour (it is what the admin may share).
      const shared = await visitor.goto(new URL(previewUrl).pathname + new URL(previewUrl).search);
      expect(shared?.status()).toBe(200);
      await expect(visitor.getByText(translate(PRODUCT_SITE_TEXTS, "fr", "previewBand"))).toBeVisible();
      await anonymous.close();
    } finally {
      await api.delete(`/api/products/${hidden._id}`);
    }
  });
});
