import type { Category } from "@shared/schemas/category";
import type { Partner } from "@shared/schemas/partner";
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

test("Historique: more than one page; Voir plus reads the next one, the type filter kept, at 1280 and 375 px without axe violations", async ({
  page,
  api,
}) => {
  const name = unique("Partenaire historique");
  // One creation line, then 55 switch lines about this partner (inactive, so the site's carousel does not change).
  const partner = await api.post<Partner>("/api/partners", {
    name,
    logoUrl: "/uploads/algues/p.webp",
    websiteUrl: "https://history.example.com",
    isActive: false,
  });
  try {
    for (let n = 0; n < 55; n++) await api.patch(`/api/partners/${partner._id}`, { isActive: false });
    await openAdmin(page, "/admin/history");
    await page.getByLabel("Type").selectOption({ label: "Partenaire" });
    const rows = page.getByTestId("history-row").filter({ visible: true });
    await expect(rows).toHaveCount(50);
    const created = rows.filter({ hasText: name }).filter({ hasText: "Création" });
    await expect(created).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Voir plus" }).click();
    await expect(created).toHaveCount(1);
    expect(await rows.count()).toBeGreaterThan(50);
    // The next page kept the filter: partner lines only.
    await expect(rows.filter({ hasNotText: "Partenaire" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "history-pages");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
  } finally {
    await api.delete(`/api/partners/${partner._id}`);
  }
});
