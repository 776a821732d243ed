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

test("Historique: settings changes read with the settings form's labels, schedule times in Tunisia's time, and the settings' versions open from their row", async ({
  page,
  api,
}) => {
  type Stored = { version: number; updatedAt: string; home: { values: { title: { fr: string; en: string } }[] } } & Record<string, unknown>;
  const { updatedAt: _u, ...settings } = await api.get<Stored>("/api/settings");
  const values = settings.home.values.map((v, i) => (i === 0 ? { ...v, title: { ...v.title, fr: `${v.title.fr} ${unique("v")}` } } : v));
  await api.put("/api/settings", { ...settings, home: { ...settings.home, values } });
  try {
    const categories = await api.get<Category[]>("/api/categories");
    const name = unique("Programmé");
    const input = {
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      nameFr: name,
      nameEn: name,
      shortDescriptionFr: "Court.",
      shortDescriptionEn: "Short.",
      mainImageUrl: "https://example.com/main.png",
      categoryId: categories[0]?._id ?? "",
      isActive: false,
      publishAt: "2030-07-01T08:00:00.000Z",
      contentBlocks: [],
    } satisfies ProductInput;
    const product = await api.post<Product>("/api/products", input);
    await api.put(`/api/products/${product._id}`, { ...input, publishAt: "2030-07-02T08:00:00.000Z" });

    await openAdmin(page, "/admin/history");
    const productRow = page.getByTestId("history-row").filter({ visible: true }).filter({ hasText: name }).first();
    await productRow.getByText("1 modification").click();
    // 08:00 UTC is 09:00 in Tunis.
    await expect(productRow).toContainText("Publication programmée (heure de Tunisie) : 01/07/2030 09:00");
    await expect(productRow).toContainText("02/07/2030 09:00");

    await page.getByLabel("Type").selectOption({ label: "Paramètres du site" });
    const row = page.getByTestId("history-row").filter({ visible: true }).first();
    await row.getByText("1 modification").click();
    await expect(row).toContainText("Page d'accueil › Les trois valeurs › Valeur 1 › Titre (Français)");
    await expect(row).not.toContainText("home.values");
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name: "Voir cette version" }).click();
    await expect(page.getByRole("heading", { name: "Versions de : Paramètres du site" })).toBeVisible();
    // The current version is marked once the comparison has loaded it.
    await expect(page.getByTestId("version-list")).toContainText("(actuelle)");
    // It opens on the change of that row: its version against the one before it.
    await expect(page.getByRole("heading", { name: /^Version \d+ comparée à la version \d+$/ })).toBeVisible();
    await expect(page.getByTestId("version-comparison").getByRole("rowheader").first()).toHaveText(
      "Page d'accueil › Les trois valeurs › Valeur 1 › Titre",
    );
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "versions-settings");
  } finally {
    // The other specs of this worker (admin-settings) expect the first texts: put them back.
    const current = await api.get<Stored>("/api/settings");
    await api.put("/api/settings", { ...settings, version: current.version });
  }
});
