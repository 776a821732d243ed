import type { Page } from "@playwright/test";
import type { Category } from "@shared/schemas/category";
import type { Certification } from "@shared/schemas/certification";
import type { Product } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

/** The toolbar's shape, read from the page: its rows, what each holds in order, and where the primary action sits. */
async function toolbarShape(page: Page) {
  const toolbar = page.getByTestId("list-toolbar").first();
  await expect(toolbar).toBeVisible();
  return toolbar.evaluate((element) => {
    const rows = [...element.children] as HTMLElement[];
    const kinds = rows.map((row) =>
      [...row.querySelectorAll("h2, a, button, input, select")].map((control) =>
        control.tagName === "INPUT" ? `input:${(control as HTMLInputElement).type}` : control.tagName.toLowerCase(),
      ),
    );
    const search = element.querySelector<HTMLInputElement>("input[type=search]");
    const label = search ? (element.querySelector(`label[for="${search.id}"]`)?.textContent ?? "") : "";
    const add = rows[0]?.querySelector("a, button")?.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return {
      rows: rows.length,
      titleRow: kinds[0],
      filterRowStartsWithSearch: kinds[1]?.[0] === "input:search",
      searchLabelled: label.trim().length > 0,
      addOnTheRight: add ? Math.round(box.right - add.right) : null,
    };
  });
}

async function newCertification(api: Api, name: string): Promise<Certification> {
  return api.post<Certification>("/api/certifications", { nameFr: name, nameEn: name, certifyingBody: "Ecocert" });
}

async function newProduct(api: Api, slug: string, isActive: boolean): Promise<Product> {
  const categories = await api.get<Category[]>("/api/categories");
  return api.post<Product>("/api/products", {
    slug,
    nameFr: `Produit ${slug}`,
    nameEn: `Product ${slug}`,
    shortDescriptionFr: "Court.",
    shortDescriptionEn: "Short.",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
    isActive,
    contentBlocks: [],
  });
}

test.describe("admin list screens: one toolbar, one row-actions pattern, one feedback", () => {
  test("products and certifications have the same toolbar at 375 and 1280 px: title and Ajouter, then the labelled search first, axe 0", async ({
    page,
  }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openAdmin(page, "/admin/products");
      const products = await toolbarShape(page);
      await expectNoAxeViolations(page);
      await openAdmin(page, "/admin/certifications");
      const certifications = await toolbarShape(page);
      await expectNoAxeViolations(page);
      expect(products).toMatchObject({ rows: 2, filterRowStartsWithSearch: true, searchLabelled: true });
      expect(products.titleRow).toEqual(["h2", "a"]);
      expect(certifications.titleRow).toEqual(["h2", "button"]);
      expect(certifications).toMatchObject({
        rows: products.rows,
        filterRowStartsWithSearch: true,
        searchLabelled: true,
        addOnTheRight: products.addOnTheRight,
      });
    }
    await openAdmin(page, "/admin/products");
    await checkPhoneLayout(page, "list-products");
    await openAdmin(page, "/admin/certifications");
    await checkPhoneLayout(page, "list-certifications");
  });

  test("at 375 px the delete sits in the row's \"Plus d'actions\" menu: Escape closes it, focus back; Supprimer confirms and says it", async ({
    page,
    api,
  }) => {
    const name = unique("Certification menu");
    await newCertification(api, name);
    await page.setViewportSize({ width: 375, height: 812 });
    await openAdmin(page, "/admin/certifications");
    await page.getByRole("searchbox", { name: /Rechercher/ }).fill(name);
    const row = page.getByTestId("certification-row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("button", { name: `Modifier ${name}` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Supprimer ${name}` })).toHaveCount(0);

    const more = row.getByRole("button", { name: "Plus d'actions" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: `Supprimer ${name}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    await page.keyboard.press("Enter");
    await menu.getByRole("menuitem", { name: `Supprimer ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByTestId("feedback-status")).toContainText("Certification supprimée");
    await expect(row).toHaveCount(0);
    expect(await api.get<Certification[]>(`/api/certifications?q=${encodeURIComponent(name)}`)).toEqual([]);
  });

  test("at 1280 px Modifier stays in place whether Aperçu is offered or not, and Supprimer is quiet", async ({ page, api }) => {
    const prefix = unique("colonne").replace(" ", "-");
    await newProduct(api, `${prefix}-actif`, true);
    await newProduct(api, `${prefix}-inactif`, false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(page, "/admin/products");
    await page.getByRole("searchbox", { name: "Rechercher un produit" }).fill(prefix);
    const rows = page.getByTestId("product-row");
    await expect(rows).toHaveCount(2);
    const editX = async (slug: string) =>
      (
        await rows
          .filter({ hasText: `/${slug}` })
          .getByRole("link", { name: /^Modifier/ })
          .boundingBox()
      )?.x;
    await expect(rows.filter({ hasText: `/${prefix}-inactif` }).getByRole("button", { name: /^Aperçu/ })).toBeVisible();
    await expect(rows.filter({ hasText: `/${prefix}-actif` }).getByRole("button", { name: /^Aperçu/ })).toHaveCount(0);
    expect(await editX(`${prefix}-actif`)).toBe(await editX(`${prefix}-inactif`));
    // Quiet: grey, red only when pointed at or focused.
    const remove = rows.first().getByRole("button", { name: /^Supprimer/ });
    await expect(remove).toHaveClass(/(^| )text-slate-600( |$)/);
    await expect(remove).not.toHaveClass(/(^| )text-red-700( |$)/);
    await expectNoAxeViolations(page);
  });

  for (const path of [
    "/admin/categories",
    "/admin/banner",
    "/admin/partners",
    "/admin/pages",
    "/admin/redirects",
    "/admin/users",
    "/admin/history",
  ]) {
    test(`${path} has the list toolbar and no axe violation at 375 and 1280 px`, async ({ page }) => {
      await openAdmin(page, path);
      await expect(page.getByTestId("list-toolbar").first()).toBeVisible();
      await expectNoAxeViolations(page);
      await checkPhoneLayout(page, `list${path.replaceAll("/", "-")}`);
      await page.setViewportSize({ width: 375, height: 812 });
      await expectNoAxeViolations(page);
    });
  }
});
