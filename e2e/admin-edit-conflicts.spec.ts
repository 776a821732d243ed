import type { Browser, Page } from "@playwright/test";
import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import { openAdmin, replaceRichText, unique } from "./admin-helpers";
import { type Api, expect, test } from "./fixtures";

const CONFLICT = "Quelqu'un d'autre a modifié cet élément pendant que vous l'éditiez.";

async function createProduct(api: Api, name: string, blocks: ProductInput["contentBlocks"] = []): Promise<Product> {
  const categories = await api.get<Category[]>("/api/categories");
  return api.post<Product>("/api/products", {
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    nameFr: name,
    nameEn: `${name} EN`,
    shortDescriptionFr: "Description courte d'origine.",
    shortDescriptionEn: "Original short description.",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
    isActive: true,
    contentBlocks: blocks,
  } satisfies ProductInput);
}

/** A second admin: another browser context (its own storage, its own tab). */
async function secondAdmin(browser: Browser, target: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openAdmin(page, target);
  return page;
}

const editUrl = (product: Product) => `/admin/products/edit/${product._id}`;
const save = (page: Page) => page.getByRole("button", { name: "Enregistrer les modifications" }).click();

test.describe("edits that never overwrite each other", () => {
  test("two admins edit the same product: the second save gets the conflict message, the first's change is kept, Recharger loads it", async ({
    page,
    browser,
    api,
  }) => {
    test.slow(); // two browser contexts and four saves
    const product = await createProduct(api, unique("Conflict Product"));
    await openAdmin(page, editUrl(product));
    const other = await secondAdmin(browser, editUrl(product));
    await expect(page.getByLabel("Nom (FR)")).toHaveValue(product.nameFr);
    await expect(other.getByLabel("Nom (FR)")).toHaveValue(product.nameFr);

    // First admin saves a new name.
    await page.getByLabel("Nom (FR)").fill(`${product.nameFr} (A)`);
    await save(page);
    await expect(page).toHaveURL(/\/admin\/products$/);

    // Second admin, still on the old version, changes the short description and saves: refused, said in French.
    await other.getByLabel("Description courte (FR)").fill("Texte du second admin.");
    await save(other);
    const notice = other.getByTestId("edit-conflict");
    await expect(notice).toContainText(CONFLICT);
    await expect(other).toHaveURL(new RegExp(`${editUrl(product)}$`));
    // Nothing of the first save is lost, nothing of the second was written, and what the second typed is still there.
    const stored = await api.get<Product>(`/api/products/id/${product._id}`);
    expect(stored).toMatchObject({ nameFr: `${product.nameFr} (A)`, shortDescriptionFr: "Description courte d'origine." });
    await expect(other.getByLabel("Description courte (FR)")).toHaveValue("Texte du second admin.");

    // Recharger brings the latest version into the form; saving then works and keeps both changes.
    await notice.getByRole("button", { name: "Recharger" }).click();
    await expect(notice).toBeHidden();
    await expect(other.getByLabel("Nom (FR)")).toHaveValue(`${product.nameFr} (A)`);
    await expect(other.getByLabel("Description courte (FR)")).toHaveValue("Description courte d'origine.");
    await other.getByLabel("Description courte (FR)").fill("Texte du second admin.");
    await save(other);
    await expect(other).toHaveURL(/\/admin\/products$/);
    expect(await api.get<Product>(`/api/products/id/${product._id}`)).toMatchObject({
      nameFr: `${product.nameFr} (A)`,
      shortDescriptionFr: "Texte du second admin.",
      version: stored.version + 1,
    });
    await other.context().close();
  });

  test("toggling a product active in the list while its form is open in another tab does not revert the form's other fields", async ({
    page,
    browser,
    api,
  }) => {
    test.slow(); // two browser contexts, two switches and three saves
    const product = await createProduct(api, unique("Switch Product"));
    // The list was loaded before the form's save.
    const list = await secondAdmin(browser, "/admin/products");
    await openAdmin(page, editUrl(product));
    await page.getByLabel("Nom (FR)").fill(`${product.nameFr} (renamed)`);
    await save(page);
    await expect(page).toHaveURL(/\/admin\/products$/);

    const row = list.getByTestId("product-row").filter({ visible: true }).filter({ hasText: product.nameFr });
    await row.getByRole("switch").click();
    await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");
    await expect.poll(async () => (await api.get<Product>(`/api/products/id/${product._id}`)).isActive).toBe(false);
    expect((await api.get<Product>(`/api/products/id/${product._id}`)).nameFr).toBe(`${product.nameFr} (renamed)`);

    // The other order: the switch is used while the form is open with unsaved changes. The form's save does not
    // silently switch the product back on: it is refused, and after Recharger both changes end up stored.
    await openAdmin(page, editUrl(product));
    await expect(page.getByLabel("Produit actif (visible sur le site)")).not.toBeChecked();
    await list.reload();
    await list.getByTestId("product-row").filter({ visible: true }).filter({ hasText: product.nameFr }).getByRole("switch").click();
    await expect.poll(async () => (await api.get<Product>(`/api/products/id/${product._id}`)).isActive).toBe(true);
    await page.getByLabel("Nom (EN)").fill("Renamed in the form");
    await save(page);
    await expect(page.getByTestId("edit-conflict")).toContainText(CONFLICT);
    expect(await api.get<Product>(`/api/products/id/${product._id}`)).toMatchObject({ isActive: true, nameEn: product.nameEn });
    await page.getByRole("button", { name: "Recharger" }).click();
    await expect(page.getByLabel("Produit actif (visible sur le site)")).toBeChecked();
    await page.getByLabel("Nom (EN)").fill("Renamed in the form");
    await save(page);
    await expect(page).toHaveURL(/\/admin\/products$/);
    expect(await api.get<Product>(`/api/products/id/${product._id}`)).toMatchObject({
      isActive: true,
      nameFr: `${product.nameFr} (renamed)`,
      nameEn: "Renamed in the form",
    });
    await list.context().close();
  });

  test("block ids survive a save that only changes text", async ({ page, api }) => {
    const product = await createProduct(api, unique("Block Ids"), [
      { type: "text", contentFr: "Premier bloc", contentEn: "First block", order: 0 },
      { type: "table", contentFr: "Tableau", contentEn: "Table", order: 1, tableData: { headers: ["A"], rows: [["1"]] } },
      { type: "text", contentFr: "Dernier bloc", contentEn: "Last block", order: 2 },
    ]);
    const before = [...product.contentBlocks].sort((a, b) => a.order - b.order).map((b) => b._id);
    await openAdmin(page, editUrl(product));
    await replaceRichText(page.getByLabel("Contenu (FR)").first(), "Premier bloc, revu");
    await save(page);
    await expect(page).toHaveURL(/\/admin\/products$/);

    const after = [...(await api.get<Product>(`/api/products/id/${product._id}`)).contentBlocks].sort((a, b) => a.order - b.order);
    expect(after.map((b) => b._id)).toEqual(before);
    expect(after.map((b) => b.contentFr)).toEqual(["Premier bloc, revu", "Tableau", "Dernier bloc"]);
  });
});
