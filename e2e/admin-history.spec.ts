import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

test("Historique: an edit made in the product form shows, once opened, the field and before → after, at 375 and 1280 px without axe violations", async ({
  page,
  api,
}) => {
  const categories = await api.get<Category[]>("/api/categories");
  const name = unique("Ulve");
  const product = await api.post<Product>("/api/products", {
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    nameFr: name,
    nameEn: `${name} EN`,
    shortDescriptionFr: "Court.",
    shortDescriptionEn: "Short.",
    mainImageUrl: "https://example.com/main.png",
    categoryId: categories[0]?._id ?? "",
    isActive: false,
    contentBlocks: [],
  } satisfies ProductInput);

  await openAdmin(page, `/admin/products/edit/${product._id}`);
  await expect(page.getByLabel(/^Nom \(FR\)/)).toHaveValue(name);
  await page.getByLabel(/^Nom \(FR\)/).fill(`${name} lactuca`);
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.goto("/admin/history");
  await expect(page.getByRole("heading", { level: 1, name: "Historique des modifications" })).toBeVisible();
  const row = page
    .getByTestId("history-row")
    .filter({ visible: true })
    .filter({ hasText: `${name} lactuca` })
    .first();
  await expect(row).toContainText("Modification");
  const changes = row.getByTestId("history-changes");
  await expect(changes.getByText("1 modification")).toBeVisible();
  const line = changes.getByRole("listitem");
  await expect(line).toBeHidden();

  await changes.getByText("1 modification").click();
  await expect(line).toBeVisible();
  await expect(line).toHaveText(`Nom (FR) : ${name} → devient ${name} lactuca`);
  await expect(line).toContainText(`${name} → `);
  await expectNoAxeViolations(page);

  await checkPhoneLayout(page, "history-changes");
  await page.setViewportSize({ width: 375, height: 812 });
  const card = page
    .getByTestId("history-row")
    .filter({ visible: true })
    .filter({ hasText: `${name} lactuca` })
    .first();
  await card.getByText("1 modification").click();
  await expect(card.getByRole("listitem")).toHaveText(`Nom (FR) : ${name} → devient ${name} lactuca`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
