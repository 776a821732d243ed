import type { Category } from "@shared/schemas/category";
import type { MediaDetail } from "@shared/schemas/media";
import type { Product } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, pngFile, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

/** Uploads a new picture through the API under this file name; its URL and library id. */
async function uploadNamed(api: Api, name: string, color: string): Promise<{ url: string; id: string }> {
  const response = await api.context.post("/api/upload/image", { multipart: { image: await pngFile(name, { color }) } });
  expect(response.status(), await response.text()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  return { url, id: /([0-9a-f]{16})-/.exec(url)?.[1] ?? "" };
}

const randomColour = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;

test.describe("media library", () => {
  test("edits an image's alt texts and moves its focal point with the keyboard, axe 0 at 1280 px", async ({ page, api }) => {
    const name = `${unique("laminaire").replace(" ", "-")}.png`;
    const image = await uploadNamed(api, name, randomColour());
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(page, "/admin/media");
    await expect(page.getByRole("heading", { level: 1, name: "Médiathèque" })).toBeVisible();
    await page.getByRole("searchbox", { name: /Rechercher une image/ }).fill(name.replace(".png", ""));
    const thumb = page.locator(`button[data-media="${image.id}"]`);
    await thumb.click();
    await expect(page.getByLabel("Texte alternatif (français)")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Texte alternatif (français)").fill("Laminaire sur la plage");
    await page.getByLabel("Texte alternatif (anglais)").fill("Kelp on the beach");
    const focal = page.locator("#media-focal");
    await focal.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByTestId("focal-value")).toHaveText("Point focal : 60 % horizontal, 45 % vertical");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Image enregistrée")).toBeVisible();
    await expect
      .poll(async () => {
        const stored = await api.get<MediaDetail>(`/api/media/${image.id}`);
        return [stored.altFr, stored.altEn, stored.focalX, stored.focalY];
      })
      .toEqual(["Laminaire sur la plage", "Kelp on the beach", 60, 45]);
    // Unused: deletion is offered, behind a confirmation.
    await expect(page.getByRole("button", { name: "Supprimer" })).toBeEnabled();
  });

  test("picks an image from the library in the product form with the keyboard only, and saves it", async ({ page, api }) => {
    const name = `${unique("choisie").replace(" ", "-")}.png`;
    const image = await uploadNamed(api, name, randomColour());
    const categories = await api.get<Category[]>("/api/categories");
    const slug = unique("mediatheque").replace(" ", "-");
    const product = await api.post<Product>("/api/products", {
      slug,
      nameFr: `Produit ${slug}`,
      nameEn: `Product ${slug}`,
      shortDescriptionFr: "Court.",
      shortDescriptionEn: "Short.",
      mainImageUrl: "https://example.com/image.png",
      categoryId: categories[0]?._id ?? "",
      isActive: true,
      contentBlocks: [],
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(page, `/admin/products/edit/${product._id}`);
    const open = page.getByRole("button", { name: /^Choisir dans la médiathèque : / }).first();
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Médiathèque" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    // The dialog opens on its search box: type, then Tab (past the filters) to the grid and Enter on the image.
    await expect(dialog.getByRole("searchbox")).toBeFocused();
    await page.keyboard.type(name.replace(".png", ""));
    const thumb = dialog.locator(`button[data-media="${image.id}"]`);
    await expect(thumb).toBeVisible();
    await expect(dialog.locator("button[data-media]")).toHaveCount(1);
    // The grid may still be redrawn by the last keystroke's search once it settles, which drops the focus: walk again
    // from the search box until the image keeps it.
    await expect(async () => {
      await dialog.getByRole("searchbox").focus();
      // Past the two filters ("Non utilisées", "Sans texte alternatif").
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(thumb).toBeFocused({ timeout: 1_000 });
    }).toPass();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await page
      .getByRole("button", { name: /^Enregistrer/ })
      .first()
      .press("Enter");
    await expect.poll(async () => (await api.get<Product>(`/api/products/id/${product._id}`)).mainImageUrl).toBe(image.url);

    // The library now lists the product among the image's uses.
    const stored = await api.get<MediaDetail>(`/api/media/${image.id}`);
    expect(stored.usages.map((u) => u.id)).toContain(product._id);
  });

  test("works at 375 px: grid, panel and the delete refused while the image is used, axe 0", async ({ page, api }) => {
    const name = `${unique("mobile").replace(" ", "-")}.png`;
    const image = await uploadNamed(api, name, randomColour());
    await api.post("/api/partners", {
      name: unique("Partenaire média"),
      logoUrl: image.url,
      websiteUrl: "https://example.com",
      isActive: false,
    });
    await openAdmin(page, "/admin/media");
    await checkPhoneLayout(page, "media");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole("searchbox", { name: /Rechercher une image/ }).fill(name.replace(".png", ""));
    await page.locator(`button[data-media="${image.id}"]`).click();
    await expect(page.getByRole("button", { name: "Supprimer" })).toBeDisabled();
    await expect(page.getByText("Suppression impossible : l'image est utilisée (1).")).toBeVisible();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('"Importer des images" uploads the chosen images, which appear; "Sans texte alternatif" lists one until its alt texts are saved', async ({
    page,
    api,
  }) => {
    const base = unique("import").replace(" ", "-");
    const files = [await pngFile(`${base}-a.png`, { color: randomColour() }), await pngFile(`${base}-b.png`, { color: randomColour() })];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openAdmin(page, "/admin/media");
      await expect(page.getByRole("button", { name: "Importer des images" })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Importer des images" }).click();
    await (await chooser).setFiles(files);
    await expect(page.getByTestId("feedback-status")).toContainText("2 images importées");
    const search = page.getByRole("searchbox", { name: /Rechercher une image/ });
    await search.fill(base);
    const thumbs = page.locator("button[data-media]");
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.first()).toContainText("Sans texte alternatif");

    // The filter lists them; the first one, opened by the upload, leaves it once both alt texts are saved.
    await page.getByRole("checkbox", { name: "Sans texte alternatif" }).check();
    await expect(thumbs).toHaveCount(2);
    await expectNoAxeViolations(page);
    await expect(page.getByLabel("Texte alternatif (français)")).toBeVisible();
    await page.getByLabel("Texte alternatif (français)").fill("Fronde d'algue");
    await page.getByLabel("Texte alternatif (anglais)").fill("Seaweed frond");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByTestId("feedback-status")).toContainText("Image enregistrée");
    await expect(thumbs).toHaveCount(1);
    await page.getByRole("checkbox", { name: "Sans texte alternatif" }).uncheck();
    await expect(thumbs).toHaveCount(2);

    // The dashboard counts what is left and leads to the filtered library.
    const summary = await api.get<{ imagesMissingAlt?: number }>("/api/analytics/summary");
    await openAdmin(page, "/admin");
    const link = page.getByRole("link", { name: "Les compléter dans la médiathèque" });
    await expect(link).toBeVisible();
    await expect(page.getByText("Images sans texte alternatif")).toBeVisible();
    expect(summary.imagesMissingAlt).toBeGreaterThan(0);
    await link.click();
    await expect(page.getByRole("checkbox", { name: "Sans texte alternatif" })).toBeChecked();
    await page.getByRole("searchbox", { name: /Rechercher une image/ }).fill(base);
    await expect(page.locator("button[data-media]")).toHaveCount(1);
  });
});
