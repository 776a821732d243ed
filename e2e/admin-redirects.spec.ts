import type { APIRequestContext, Page } from "@playwright/test";
import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import type { MissingPath } from "@shared/schemas/redirect";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";

/** A slug-like unique name (`unique` has a space). */
const uniqueSlug = (prefix: string) => unique(prefix).replace(" ", "-");

import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

function productInput(slug: string, categoryId: string): ProductInput {
  return {
    slug,
    nameFr: `Produit ${slug}`,
    nameEn: `Product ${slug}`,
    shortDescriptionFr: "Description courte.",
    shortDescriptionEn: "Short description.",
    mainImageUrl: "https://example.com/image.png",
    categoryId,
    isActive: true,
    contentBlocks: [],
  };
}

/** A product renamed once: its old address must now redirect. */
async function renamedProduct(api: Api): Promise<{ before: string; after: string }> {
  const categories = await api.get<Category[]>("/api/categories");
  const categoryId = categories[0]?._id ?? "";
  const before = uniqueSlug("redirige");
  const product = await api.post<Product>("/api/products", productInput(before, categoryId));
  await api.put<Product>(`/api/products/${product._id}`, productInput(`${before}-v2`, categoryId));
  return { before, after: `${before}-v2` };
}

async function location(request: APIRequestContext, path: string): Promise<[number, string | undefined]> {
  const response = await request.get(path, { maxRedirects: 0 });
  return [response.status(), response.headers().location];
}

/** Missing paths are written every few seconds: waits until the log lists `path`. */
async function waitForMissing(api: Api, path: string): Promise<void> {
  await expect
    .poll(async () => (await api.get<MissingPath[]>("/api/redirects/missing?limit=200")).map((m) => m.path), { timeout: 20_000 })
    .toContain(path);
}

const tab = (page: Page, name: RegExp) => page.getByRole("tab", { name });

test.describe("redirects", () => {
  test("a renamed product's old address redirects in both languages; a missing page is redirected from the log", async ({
    page,
    request,
    api,
  }) => {
    const { before, after } = await renamedProduct(api);
    expect(await location(request, `/product/${before}`)).toEqual([301, `/product/${after}`]);
    expect(await location(request, `/product/${before}?lang=en`)).toEqual([301, `/product/${after}?lang=en`]);

    const missing = `/${uniqueSlug("ancienne-page")}`;
    await page.goto(missing);
    await expect(page).toHaveURL(/\/$/);
    await waitForMissing(api, missing);

    await openAdmin(page, "/admin");
    await page.getByRole("link", { name: "Redirections" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Redirections" })).toBeVisible();
    await page.getByLabel("Rechercher un chemin").fill(before);
    await expect(page.getByTestId("redirect-row").filter({ visible: true })).toHaveCount(1);
    await expect(page.getByTestId("redirect-row").filter({ visible: true }).first()).toContainText(`/product/${after}`);
    await expectNoAxeViolations(page);

    await tab(page, /Pages introuvables/).click();
    const row = page.getByTestId("missing-row").filter({ visible: true }).filter({ hasText: missing });
    await expect(row).toContainText("1");
    await expectNoAxeViolations(page);
    await row.getByRole("button", { name: `Rediriger ${missing}` }).click();
    await expect(page.getByLabel("De (chemin)")).toHaveValue(missing);
    await expect(page.getByLabel("Vers (chemin)")).toBeFocused();
    await page.getByLabel("Vers (chemin)").fill("/contact");
    await page.getByRole("button", { name: "Ajouter" }).click();
    await expect(page.getByText("Redirection ajoutée")).toBeVisible();
    await expect(page.getByTestId("missing-row").filter({ hasText: missing })).toHaveCount(0);
    expect(await location(request, `${missing}?lang=en`)).toEqual([301, "/contact?lang=en"]);

    // A loop is refused with its message.
    await page.getByLabel("De (chemin)").fill("/contact");
    await page.getByLabel("Vers (chemin)").fill(missing);
    await page.getByRole("button", { name: "Ajouter" }).click();
    await expect(page.getByText("Cette redirection créerait une boucle")).toBeVisible();

    await tab(page, /^Redirections/).click();
    await page.getByLabel("Rechercher un chemin").fill(missing);
    const manual = page.getByTestId("redirect-row").filter({ visible: true }).filter({ hasText: missing });
    await expect(manual).toContainText("Manuelle");
    await manual.getByRole("button", { name: `Supprimer la redirection de ${missing}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Supprimer la redirection ?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Redirection supprimée")).toBeVisible();
    expect((await location(request, missing))[0]).toBe(302);
  });

  test("works at 375 px: the form, both tabs and dismissing a missing page", async ({ page, api }) => {
    const missing = `/${uniqueSlug("introuvable-mobile")}`;
    await page.goto(missing);
    await waitForMissing(api, missing);
    await openAdmin(page, "/admin/redirects");
    await expect(page.getByRole("heading", { level: 1, name: "Redirections" })).toBeVisible();
    await checkPhoneLayout(page, "redirects");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
    await tab(page, /Pages introuvables/).click();
    const row = page.getByTestId("missing-row").filter({ visible: true }).filter({ hasText: missing });
    // On a phone the row's quieter actions sit in its "Plus d'actions" menu (decision 0120).
    await row.getByRole("button", { name: "Plus d'actions" }).click();
    await page.getByRole("menuitem", { name: `Écarter ${missing}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Écarter ce chemin ?" });
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Écarter" }).click();
    await expect(page.getByText("Chemin écarté")).toBeVisible();
    await expect(page.getByTestId("missing-row").filter({ hasText: missing })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
