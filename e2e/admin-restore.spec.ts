import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

test("Versions: a renamed product's old version is compared (fr/en) and restored; the form and the public page show the old name again", async ({
  page,
  api,
}) => {
  const categories = await api.get<Category[]>("/api/categories");
  const name = unique("Laminaire");
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const product = await api.post<Product>("/api/products", {
    slug,
    nameFr: name,
    nameEn: `${name} kelp`,
    shortDescriptionFr: "Court.",
    shortDescriptionEn: "Short.",
    mainImageUrl: "https://example.com/main.png",
    categoryId: categories[0]?._id ?? "",
    isActive: true,
    contentBlocks: [{ type: "text", contentFr: "Premier bloc", contentEn: "First block" }],
  } satisfies ProductInput);

  await openAdmin(page, `/admin/products/edit/${product._id}`);
  await expect(page.getByLabel(/^Nom \(FR\)/)).toHaveValue(name);
  await page.getByLabel(/^Nom \(FR\)/).fill(`${name} renommée`);
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.goto("/admin/history");
  const row = page
    .getByTestId("history-row")
    .filter({ visible: true })
    .filter({ hasText: `${name} renommée` })
    .first();
  await row.getByRole("link", { name: "Voir cette version" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/history/product/${product._id}`));
  await expect(page.getByRole("heading", { name: `Versions de : ${name} renommée` })).toBeVisible();

  await page.getByRole("button", { name: /^Version 1/ }).click();
  await expect(page.getByRole("heading", { name: "Version 1 comparée à l'actuelle" })).toBeVisible();
  const comparison = page.getByTestId("version-comparison");
  // Only the changed field by default: the French name, its English side beside it.
  await expect(comparison.getByTestId("version-field")).toHaveCount(1);
  const field = comparison.getByTestId("version-field").first();
  await expect(field.getByRole("rowheader")).toHaveText("Nom");
  await expect(field).toContainText(name);
  await expect(field).toContainText(`${name} renommée`);
  await expect(field).toContainText(`${name} kelp`);
  await page.getByLabel("Afficher tous les champs").check();
  await expect(comparison.getByRole("rowheader", { name: "Bloc 1" })).toBeVisible();
  await expect(comparison).toContainText("First block");
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await checkPhoneLayout(page, "versions");

  await page.getByRole("button", { name: "Restaurer cette version" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(/Restaurer la version 1 du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \?/);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Restaurer", exact: true }).click();
  await expect(page.getByText("Version 1 restaurée")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Version 3 \(actuelle\)/ })).toBeVisible();

  await page.goto("/admin/history");
  await expect(page.getByTestId("history-row").filter({ visible: true }).filter({ hasText: "Restauration" }).first()).toContainText(name);

  await page.goto(`/admin/products/edit/${product._id}`);
  await expect(page.getByLabel(/^Nom \(FR\)/)).toHaveValue(name);
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});
