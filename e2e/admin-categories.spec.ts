import type { Page } from "@playwright/test";
import type { Category, CategoryWithCount } from "@shared/schemas/category";
import { EDIT_CONFLICT } from "@shared/schemas/common";
import { HOME_SITE_TEXTS } from "../app/features/home/site/texts";
import { SITE_TEXTS } from "../app/i18n/site";
import { translate } from "../app/i18n/texts";
import { checkPhoneLayout, openAdmin, pngFile, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";
import { uniqueSlug } from "./site-helpers";

const rows = (page: Page) => page.getByTestId("category-row").filter({ visible: true });
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** A category without products, made through the API for one test. */
async function emptyCategory(api: Api, overrides: Partial<Category> = {}): Promise<Category> {
  return api.post<Category>("/api/categories", {
    slug: uniqueSlug("e2e-admin-cat"),
    nameFr: unique("Catégorie admin"),
    nameEn: unique("Admin category"),
    descriptionFr: "Description de test.",
    descriptionEn: "Test description.",
    ...overrides,
  });
}

/** Waits for the upload call of the image field to answer, then for the field to show it stored. */
async function uploadCover(page: Page, name: string) {
  const answered = page.waitForResponse((r) => r.url().includes("/api/upload/image") && r.request().method() === "POST");
  await page.locator("#category-coverImageUrl").setInputFiles(await pngFile(name, { width: 800, height: 600, color: "#00592E" }));
  expect((await answered).status()).toBe(201);
  await expect(page.getByRole("progressbar")).toBeHidden();
}

test.describe("admin categories", () => {
  let originalOrder: string[] = [];

  test.beforeAll(async ({ api }) => {
    originalOrder = (await api.get<Category[]>("/api/categories")).map((c) => c._id);
  });

  test.afterEach(async ({ api }) => {
    // Other specs read the site's menu: the order of the categories they know is put back.
    const now = (await api.get<Category[]>("/api/categories")).map((c) => c._id);
    const order = [...originalOrder.filter((id) => now.includes(id)), ...now.filter((id) => !originalOrder.includes(id))];
    if (order.join() !== now.join()) await api.put("/api/categories/order", { ids: order });
  });

  test("lists every category with its cover, both names and its product count, at 375 and 1280 px without axe violations", async ({
    page,
    api,
  }) => {
    const categories = await api.get<CategoryWithCount[]>("/api/categories/all");
    await openAdmin(page, "/admin/categories");
    await expect(page.getByRole("heading", { level: 1, name: "Catégories" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Navigation de l'administration" }).getByRole("link", { name: "Catégories" }),
    ).toHaveAttribute("aria-current", "page");
    for (const header of ["Couverture", "Nom", "Produits", "Ordre", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    await expect(rows(page)).toHaveCount(categories.length);
    expect(await rows(page).locator("td:nth-child(2) span:first-child").allTextContents()).toEqual(categories.map((c) => c.nameFr));
    const withProducts = categories.find((c) => c.productCount > 1);
    expect(withProducts, "the demo catalogue has a category with products").toBeDefined();
    if (withProducts) {
      const line = row(page, withProducts.nameFr);
      await expect(line).toContainText(withProducts.nameEn);
      await expect(line).toContainText(`${withProducts.productCount} produits`);
      if (withProducts.coverImageUrl) {
        await expect(line.getByRole("img", { name: `Couverture de « ${withProducts.nameFr} »` })).toHaveAttribute(
          "src",
          withProducts.coverImageUrl,
        );
      }
    }
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(rows(page)).toHaveCount(categories.length);
    await expect(page.getByRole("button", { name: `Descendre « ${categories[0]?.nameFr} »` })).toBeVisible();
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "categories-list");
  });

  test("reordering with the keyboard is shown at once, saved, and the public menu and home cards follow", async ({
    page,
    api,
    browser,
  }) => {
    const before = await api.get<Category[]>("/api/categories");
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = before as [Category, Category, Category];
    await openAdmin(page, "/admin/categories");

    const down = page.getByRole("button", { name: `Descendre « ${first.nameFr} »` });
    await expect(page.getByRole("button", { name: `Monter « ${first.nameFr} »` })).toBeDisabled();
    await down.focus();
    await page.keyboard.press("Enter");
    await expect(rows(page).nth(1)).toContainText(first.nameFr);
    await expect(page.getByRole("status").filter({ hasText: `« ${first.nameFr} » est maintenant en position 2` })).toBeAttached();
    await expect(down).toBeFocused();
    if (before.length === 3) {
      // At the bottom the down button is disabled: the keyboard goes to the up button of the same category.
      await page.keyboard.press("Enter");
      await expect(rows(page).nth(2)).toContainText(first.nameFr);
      await expect(page.getByRole("button", { name: `Monter « ${first.nameFr} »` })).toBeFocused();
    }

    const expected = before.length === 3 ? [second, third, first] : [second, first, third];
    await expect
      .poll(async () => (await api.get<Category[]>("/api/categories")).slice(0, 3).map((c) => c._id))
      .toEqual(expected.map((c) => c._id));
    await page.reload();
    await expect(rows(page).first()).toContainText(second.nameFr);

    const visitor = await browser.newPage();
    await visitor.goto("/");
    const nav = visitor.getByRole("navigation", { name: translate(SITE_TEXTS, "fr", "nav.label") });
    const names = expected.map((c) => c.nameFr);
    const menu = (await nav.getByRole("link").allTextContents()).map((t) => t.trim()).filter((t) => names.includes(t));
    expect(menu).toEqual(names);
    const cards = visitor
      .getByRole("region", { name: translate(HOME_SITE_TEXTS, "fr", "categories.title") })
      .getByRole("heading", { level: 3 });
    expect((await cards.allTextContents()).map((t) => t.trim()).filter((t) => names.includes(t))).toEqual(names);
    const footer = (await visitor.getByRole("contentinfo").getByRole("link").allTextContents()).map((t) => t.trim());
    expect(footer.filter((t) => names.includes(t))).toEqual(names);
    await visitor.close();
  });

  test("editing names, cover and SEO fields is saved, the search preview follows the typing and the public page uses the meta title", async ({
    page,
    api,
    browser,
  }) => {
    test.slow();
    const category = await emptyCategory(api);
    try {
      await openAdmin(page, "/admin/categories");
      await row(page, category.nameFr)
        .getByRole("button", { name: `Modifier « ${category.nameFr} »` })
        .click();
      await expect(page.getByRole("heading", { name: `Modifier « ${category.nameFr} »` })).toBeFocused();
      await expect(page.getByLabel("Nom (FR)")).toHaveValue(category.nameFr);

      const nameFr = unique("Algues rouges");
      const nameEn = unique("Red seaweed");
      await page.getByLabel("Nom (FR)").fill(nameFr);
      await page.getByLabel("Nom (EN)").fill(nameEn);
      await uploadCover(page, "cover.png");

      // Empty SEO fields: the preview shows what the page itself uses.
      const previewFr = page.getByRole("figure", { name: "Aperçu dans les résultats de recherche (Français)" });
      const previewEn = page.getByRole("figure", { name: "Aperçu dans les résultats de recherche (English)" });
      await expect(previewFr.getByTestId("seo-preview-title")).toHaveText(`${nameFr} | ${translate(SITE_TEXTS, "fr", "seo.suffix")}`);
      await expect(previewFr.getByTestId("seo-preview-description")).toHaveText("Description de test.");
      await expect(previewFr.getByTestId("seo-preview-url")).toContainText(`› category › ${category.slug}`);

      const title = "Algues rouges de Tunisie, séchées au soleil";
      await page.getByLabel("Titre SEO (FR)").pressSequentially(title.slice(0, 12));
      await expect(previewFr.getByTestId("seo-preview-title")).toHaveText(title.slice(0, 12));
      await page.getByLabel("Titre SEO (FR)").fill(title);
      await expect(previewFr.getByTestId("seo-preview-title")).toHaveText(title);
      await expect(page.getByText(`${title.length}/60 recommandés`)).toBeVisible();

      // Past the recommended length: a warning and the cut Google would make; past the limit: refused.
      const long = `${title} — qualité alimentaire et cosmétique, livrées partout`;
      await page.getByLabel("Titre SEO (EN)").fill(long);
      await expect(page.getByText("Au-delà, Google coupe le texte.")).toBeVisible();
      await expect(previewEn.getByTestId("seo-preview-title")).toHaveText(/…$/);
      await page.getByLabel("Titre SEO (EN)").fill("x".repeat(121));
      await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
      await expect(page.getByText("120 caractères maximum")).toBeVisible();
      await page.getByLabel("Titre SEO (EN)").fill("Red seaweed from Tunisia, sun-dried");
      const description = "Algues rouges récoltées à la main sur la côte tunisienne.";
      await page.getByLabel("Description SEO (FR)").fill(description);
      await expect(previewFr.getByTestId("seo-preview-description")).toHaveText(description);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
      await expect(page.getByText("Catégorie enregistrée")).toBeVisible();
      await expect(page.getByRole("heading", { name: /^Modifier « / })).toBeHidden();
      await expect(row(page, nameFr)).toContainText(nameEn);

      const stored = (await api.get<CategoryWithCount[]>("/api/categories/all")).find((c) => c._id === category._id);
      expect(stored).toMatchObject({
        nameFr,
        nameEn,
        metaTitleFr: title,
        metaTitleEn: "Red seaweed from Tunisia, sun-dried",
        metaDescriptionFr: description,
        metaDescriptionEn: "",
        version: category.version + 1,
      });
      expect(stored?.coverImageUrl).toMatch(/^\/uploads\//);
      await expect(row(page, nameFr).getByRole("img", { name: `Couverture de « ${nameFr} »` })).toHaveAttribute(
        "src",
        stored?.coverImageUrl ?? "",
      );

      const visitor = await browser.newPage();
      await visitor.goto(`/category/${category.slug}`);
      await expect(visitor).toHaveTitle(title);
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", description);
      await visitor.goto(`/category/${category.slug}?lang=en`);
      await expect(visitor).toHaveTitle("Red seaweed from Tunisia, sun-dried");
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", "Test description.");
      await visitor.close();
    } finally {
      await api.delete(`/api/categories/${category._id}`);
    }
  });

  test("a save based on an old version is refused with the French conflict message, and reloading shows the stored category", async ({
    page,
    api,
  }) => {
    const category = await emptyCategory(api);
    try {
      await openAdmin(page, "/admin/categories");
      await row(page, category.nameFr)
        .getByRole("button", { name: `Modifier « ${category.nameFr} »` })
        .click();
      await page.getByLabel("Nom (EN)").fill("My edit");

      // Someone else saves meanwhile.
      const theirs = unique("Nom changé ailleurs");
      const { _id, position: _p, version: _v, ...fields } = category;
      await api.put(`/api/categories/${_id}`, { ...fields, nameFr: theirs });

      await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
      const alert = page.getByRole("alert").filter({ hasText: EDIT_CONFLICT.split(" / ")[0] ?? "" });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText("Quelqu'un d'autre a modifié cet élément pendant que vous l'éditiez.");
      await expectNoAxeViolations(page);
      await alert.getByRole("button", { name: "Recharger" }).click();
      await expect(page.getByLabel("Nom (FR)")).toHaveValue(theirs);
      await expect(page.getByLabel("Nom (EN)")).toHaveValue(category.nameEn);
      await expect(alert).toBeHidden();

      // Saving from the reloaded version works.
      await page.getByLabel("Nom (EN)").fill("Edited after reload");
      await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
      await expect(page.getByText("Catégorie enregistrée")).toBeVisible();
      const stored = (await api.get<CategoryWithCount[]>("/api/categories/all")).find((c) => c._id === _id);
      expect(stored).toMatchObject({ nameFr: theirs, nameEn: "Edited after reload", version: category.version + 2 });
    } finally {
      await api.delete(`/api/categories/${category._id}`);
    }
  });

  test("a category that still has products is not deleted and the server's reason is shown", async ({ page, api }) => {
    const used = (await api.get<CategoryWithCount[]>("/api/categories/all")).find((c) => c.productCount > 0);
    if (!used) throw new Error("the demo catalogue has a category with products");
    await openAdmin(page, "/admin/categories");
    const deleteButton = page.getByRole("button", { name: `Supprimer « ${used.nameFr} »` });
    await deleteButton.click();
    const dialog = page.getByRole("alertdialog", { name: "Supprimer la catégorie" });
    await expect(dialog).toContainText("contient encore");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Cette catégorie contient encore des produits : déplacez-les ou supprimez-les d'abord.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(row(page, used.nameFr)).toBeVisible();
    expect((await api.get<CategoryWithCount[]>("/api/categories/all")).some((c) => c._id === used._id)).toBe(true);
  });

  test("a new category gets its slug from the French name (editable), goes last, and an empty one is deleted after confirmation", async ({
    page,
    api,
  }) => {
    await openAdmin(page, "/admin/categories");
    await page.getByRole("button", { name: "Nouvelle catégorie" }).click();
    await expect(page.getByRole("heading", { name: "Nouvelle catégorie" })).toBeFocused();

    // Required fields are checked before anything is sent.
    await page.getByRole("button", { name: "Créer la catégorie" }).click();
    await expect(page.getByText("Ce champ est requis")).toHaveCount(2);
    await expect(page.getByText("Slug requis")).toBeVisible();

    const stamp = Date.now().toString(36);
    await page.getByLabel("Nom (FR)").fill(`Algues brunes été ${stamp}`);
    await expect(page.getByLabel("Slug (URL unique)")).toHaveValue(`algues-brunes-ete-${stamp}`);
    await page.getByLabel("Slug (URL unique)").fill(`brunes-${stamp}`);
    await page.getByLabel("Nom (FR)").fill(`Algues brunes ${stamp}`);
    await expect(page.getByLabel("Slug (URL unique)")).toHaveValue(`brunes-${stamp}`);
    await page.getByLabel("Nom (EN)").fill(`Brown seaweed ${stamp}`);
    await page.getByLabel("Description (FR)").fill("Laminaires et fucus.");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Créer la catégorie" }).click();
    await expect(page.getByText("Catégorie créée")).toBeVisible();
    await expect(page.getByRole("button", { name: "Nouvelle catégorie" })).toBeFocused();

    const name = `Algues brunes ${stamp}`;
    await expect(rows(page).last()).toContainText(name);
    await expect(row(page, name)).toContainText("Aucun produit");
    const created = (await api.get<CategoryWithCount[]>("/api/categories/all")).find((c) => c.slug === `brunes-${stamp}`);
    expect(created).toMatchObject({ nameEn: `Brown seaweed ${stamp}`, descriptionFr: "Laminaires et fucus.", productCount: 0, version: 1 });

    await row(page, name)
      .getByRole("button", { name: `Supprimer « ${name} »` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Supprimer la catégorie" });
    await expect(dialog).toContainText(`Voulez-vous vraiment supprimer la catégorie « ${name} » ?`);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Catégorie supprimée")).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    expect((await api.get<CategoryWithCount[]>("/api/categories/all")).some((c) => c.slug === `brunes-${stamp}`)).toBe(false);
  });

  test("the edit form looks right at 375 and 1280 px", async ({ page, api }) => {
    const [first] = await api.get<CategoryWithCount[]>("/api/categories/all");
    if (!first) throw new Error("no category");
    await openAdmin(page, "/admin/categories");
    await page.getByRole("button", { name: `Modifier « ${first.nameFr} »` }).click();
    await page.getByLabel("Titre SEO (FR)").fill("Un titre un peu trop long pour les résultats de recherche de Google");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "categories-form");
    await keepScreenshot(page.getByTestId("seo-fields"), "admin-screens", "categories-seo-1280.png");
    await page.setViewportSize({ width: 375, height: 812 });
    await keepScreenshot(page.getByTestId("seo-fields"), "admin-screens", "categories-seo-375.png");
  });
});
