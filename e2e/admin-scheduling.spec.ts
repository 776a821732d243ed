import type { Page } from "@playwright/test";
import { formatSiteDateTime, toSiteLocalInput } from "@shared/schedule";
import type { Banner } from "@shared/schemas/banner";
import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

const DAY = 86_400_000;

async function createProduct(api: Api, name: string, overrides: Partial<ProductInput> = {}): Promise<Product> {
  const categories = await api.get<Category[]>("/api/categories");
  return api.post<Product>("/api/products", {
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    nameFr: name,
    nameEn: `${name} EN`,
    shortDescriptionFr: "Description courte.",
    shortDescriptionEn: "Short description.",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
    isActive: true,
    ...overrides,
  } satisfies ProductInput);
}

const productRows = (page: Page) => page.getByTestId("product-row").filter({ visible: true });

test.describe("scheduling in the back office", () => {
  test("a banner's window is entered and shown in Tunisia's time, with its state in the list, at 1280 and 375 px without axe violations", async ({
    page,
    api,
  }) => {
    const title = unique("Bannière programmée");
    const startsAt = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000).toISOString();
    const endsAt = new Date(Date.parse(startsAt) + DAY).toISOString();
    const banner = await api.post<Banner>("/api/banners", {
      imageUrlFr: "https://example.com/fr.png",
      imageUrlEn: "https://example.com/en.png",
      titleFr: title,
      titleEn: `${title} EN`,
      descriptionFr: "Description.",
      descriptionEn: "Description.",
      startsAt,
      endsAt,
    });
    try {
      await openAdmin(page, "/admin/banner");
      const row = page.getByTestId("banner-row").filter({ visible: true }).filter({ hasText: title });
      await expect(row).toContainText("Programmé");
      await expect(row).toContainText(`Du ${formatSiteDateTime(startsAt)}`);
      await expect(row).toContainText(`Jusqu'au ${formatSiteDateTime(endsAt)}`);
      await expectNoAxeViolations(page);

      await row.getByRole("button", { name: `Modifier : ${title}` }).click();
      await expect(page.getByLabel("Début", { exact: true })).toHaveValue(toSiteLocalInput(startsAt));
      await expect(page.getByLabel("Fin", { exact: true })).toHaveValue(toSiteLocalInput(endsAt));
      // An end before the start is said under the field, and nothing is saved.
      await page.getByLabel("Fin", { exact: true }).fill(toSiteLocalInput(new Date(Date.parse(startsAt) - DAY).toISOString()));
      await page.getByRole("button", { name: "Enregistrer la bannière" }).click();
      await expect(page.getByText("La fin doit être après le début")).toBeVisible();
      await expect(page.getByLabel("Fin", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page);

      // 23:30 in Tunis on the day after the start (the end's day; the start's own day would put it before a start
      // taken after 23:30): stored as 22:30 UTC.
      const local = `${toSiteLocalInput(endsAt).slice(0, 10)}T23:30`;
      await page.getByLabel("Fin", { exact: true }).fill(local);
      await page.getByRole("button", { name: "Enregistrer la bannière" }).click();
      await expect(page.getByText("Opération réussie !")).toBeVisible();
      const stored = await api.get<Banner[]>("/api/banners");
      const saved = stored.find((b) => b._id === banner._id);
      expect(toSiteLocalInput(saved?.endsAt)).toBe(local);
      expect(new Date(Date.parse((saved?.endsAt ?? "").replace(" ", "T").replace(/\+00$/, "Z"))).getUTCHours()).toBe(22);

      await checkPhoneLayout(page, "banner-schedule");
      await expect(row).toContainText("Programmé");
      await expectNoAxeViolations(page);
    } finally {
      await api.delete(`/api/banners/${banner._id}`);
    }
  });

  test("a product with a future publication shows “Programmé · date” in the list", async ({ page, api }) => {
    const publishAt = new Date(Math.ceil((Date.now() + 3 * DAY) / 60_000) * 60_000).toISOString();
    const product = await createProduct(api, unique("Produit programme"), { publishAt });
    await openAdmin(page, "/admin/products");
    await page.getByLabel("Rechercher un produit").fill(product.nameFr);
    await expect(productRows(page)).toHaveCount(1);
    await expect(productRows(page)).toContainText(`Programmé · ${formatSiteDateTime(publishAt)}`);
    // Not public until then.
    expect((await page.request.get(`/api/products/${product.slug}`)).status()).toBe(404);
    await api.delete(`/api/products/${product._id}`);
  });
});

test.describe("bulk actions on the product list", () => {
  test("select with the keyboard or all on the page, deactivate then delete with one confirmation naming the count, at 1280 and 375 px", async ({
    page,
    api,
  }) => {
    const prefix = unique("Lot");
    const products = [];
    for (const n of [1, 2, 3]) products.push(await createProduct(api, `${prefix} ${n}`));
    await openAdmin(page, "/admin/products");
    await page.getByLabel("Rechercher un produit").fill(prefix);
    await expect(productRows(page)).toHaveCount(3);

    // Keyboard: focus a row's checkbox and press Space.
    const first = page.getByRole("checkbox", { name: `Sélectionner : ${prefix} 1` });
    await first.focus();
    await page.keyboard.press("Space");
    await expect(first).toBeChecked();
    const bar = page.getByRole("region", { name: "Actions sur la sélection" });
    await expect(bar).toContainText("1 produit sélectionné");

    await page.getByRole("checkbox", { name: "Tout sélectionner sur cette page" }).check();
    await expect(bar).toContainText("3 produits sélectionnés");
    await expectNoAxeViolations(page);

    await bar.getByRole("button", { name: "Désactiver" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Désactiver 3 produits ?");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByText("3 produits désactivés")).toBeVisible();
    for (const product of products) expect((await api.get<Product>(`/api/products/id/${product._id}`)).isActive).toBe(false);
    // The selection is cleared after the action.
    await expect(bar).toBeHidden();
    // The toast gone (axe would otherwise measure its text while it fades out).
    await expect(page.getByText("3 produits désactivés")).toBeHidden();

    await checkPhoneLayout(page, "products-bulk");
    await page.getByRole("checkbox", { name: "Tout sélectionner sur cette page" }).check();
    await expect(bar).toContainText("3 produits sélectionnés");
    await expectNoAxeViolations(page);
    await bar.getByRole("button", { name: "Supprimer" }).click();
    await expect(dialog).toContainText("Supprimer 3 produits ?");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("3 produits supprimés")).toBeVisible();
    await expect(productRows(page)).toHaveCount(0);
    for (const product of products) expect((await api.context.get(`/api/products/id/${product._id}`)).status()).toBe(404);
  });
});
