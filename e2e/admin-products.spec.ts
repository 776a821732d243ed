import type { Page } from "@playwright/test";
import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput, ProductListItem } from "@shared/schemas/product";
import { RICH_TEXT_TEXTS } from "../app/i18n/admin/rich-text";
import { translate } from "../app/i18n/texts";
import { checkPhoneLayout, openAdmin, pngFile, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

async function createProduct(api: Api, name: string): Promise<Product> {
  const categories = await api.get<Category[]>("/api/categories");
  const product: ProductInput = {
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    nameFr: name,
    nameEn: `${name} EN`,
    shortDescriptionFr: "Description courte.",
    shortDescriptionEn: "Short description.",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
    isActive: true,
    contentBlocks: [{ type: "text", contentFr: "Bloc conservé", contentEn: "Kept block", order: 0 }],
  };
  return api.post<Product>("/api/products", product);
}

const block = (page: Page, n: number) => page.getByTestId("content-block").nth(n - 1);

test.describe("admin product list", () => {
  test("lists every product including inactive ones, with search and category filter", async ({ page, api }) => {
    const all = await api.get<Product[]>("/api/products/all?limit=200");
    const categories = await api.get<Category[]>("/api/categories");
    await openAdmin(page, "/admin/products");
    const rows = page.getByTestId("product-row").filter({ visible: true });
    await expect(rows).toHaveCount(all.length);
    await expect(page.getByText(`${all.length} produits sur ${all.length}`)).toBeVisible();

    const target = all[0] as Product;
    await page.getByLabel("Rechercher un produit").fill(target.nameFr.slice(0, 8).toUpperCase());
    await expect(rows.filter({ hasText: target.nameFr })).toHaveCount(1);
    const matching = all.filter((p) =>
      [p.nameFr, p.nameEn, p.slug].some((t) => t.toLowerCase().includes(target.nameFr.slice(0, 8).toLowerCase())),
    );
    await expect(rows).toHaveCount(matching.length);
    await page.getByLabel("Rechercher un produit").fill("");

    const category = categories[0] as Category;
    await page.getByLabel("Catégorie").selectOption(category._id);
    await expect(rows).toHaveCount(all.filter((p) => p.categoryId === category._id).length);
    await expect(page.getByRole("link", { name: "Nouveau produit" })).toHaveAttribute("href", "/admin/products/new");
    await expectNoAxeViolations(page);
  });

  test("the active switch stores the flipped flag and keeps the content blocks; delete asks first", async ({ page, api }) => {
    const product = await createProduct(api, unique("Toggle Product"));
    await openAdmin(page, "/admin/products");
    const row = page.getByTestId("product-row").filter({ visible: true }).filter({ hasText: product.nameFr });
    const toggle = row.getByRole("switch", { name: `Produit actif : ${product.nameFr}` });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(row).toContainText("Inactif");
    await expect.poll(async () => (await api.get<Product>(`/api/products/id/${product._id}`)).isActive).toBe(false);
    const stored = await api.get<Product>(`/api/products/id/${product._id}`);
    expect(stored.contentBlocks.map((b) => b.contentFr)).toEqual(["Bloc conservé"]);
    expect((await page.request.get(`/api/products/${product.slug}`)).status()).toBe(404);

    await expect(row.getByRole("link", { name: `Modifier : ${product.nameFr}` })).toHaveAttribute(
      "href",
      `/admin/products/edit/${product._id}`,
    );
    await row.getByRole("button", { name: `Supprimer : ${product.nameFr}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Supprimer le produit" });
    await expect(confirm).toContainText(product.nameFr);
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(row).toHaveCount(0);
    expect((await api.context.get(`/api/products/id/${product._id}`)).status()).toBe(404);
  });

  test("looks right at 375 px and 1280 px", async ({ page }) => {
    await openAdmin(page, "/admin/products");
    await checkPhoneLayout(page, "products");
  });

  test("more than a page: 50 rows, then Charger plus; the search and the category filter are answered by the server", async ({
    page,
    api,
  }) => {
    const tag = unique("lot").replace(/[^a-z0-9]/g, "");
    const category = await api.post<Category>("/api/categories", {
      slug: `cat-${tag}`,
      nameFr: `Catégorie ${tag}`,
      nameEn: `Category ${tag}`,
    });
    const products: Product[] = [];
    try {
      for (let n = 1; n <= 55; n += 1) {
        const nn = String(n).padStart(2, "0");
        products.push(
          await api.post<Product>("/api/products", {
            slug: `${tag}-${nn}`,
            nameFr: `Écume ${tag} ${nn}`,
            nameEn: `Foam ${tag} ${nn}`,
            shortDescriptionFr: "Description courte.",
            shortDescriptionEn: "Short description.",
            mainImageUrl: "https://example.com/image.png",
            categoryId: category._id,
            isActive: n % 2 === 0,
          } satisfies ProductInput),
        );
      }
      const all = await api.get<Product[]>("/api/products/all?limit=200");
      await openAdmin(page, "/admin/products");
      const rows = page.getByTestId("product-row");
      await page.getByLabel("Catégorie").selectOption(category._id);
      await expect(page.getByText(`55 produits sur ${all.length}`)).toBeVisible();
      await expect(rows).toHaveCount(50);
      await page.getByRole("button", { name: "Charger plus" }).click();
      await expect(rows).toHaveCount(55);
      await expect(page.getByRole("button", { name: "Charger plus" })).toHaveCount(0);
      await expect(rows.last()).toContainText(`Écume ${tag} 55`);

      // The search goes to the server (accents and case aside), once the typing stops.
      const searched = page.waitForResponse((response) => new URL(response.url()).searchParams.get("q") === `ECUME ${tag} 07`);
      await page.getByLabel("Rechercher un produit").fill(`ECUME ${tag} 07`);
      await searched;
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`Écume ${tag} 07`);
      await expect(page.getByText(`1 produit sur ${all.length}`)).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      for (const product of products) await api.delete(`/api/products/${product._id}`);
      await api.delete(`/api/categories/${category._id}`);
    }
  });
});

test.describe("admin product form", () => {
  test("empty required fields are shown inline under their fields and nothing is sent", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/products")) posted = true;
    });
    await page.getByRole("button", { name: "Créer le produit" }).click();
    await expect(page.locator("#product-nameFr-error")).toBeVisible();
    await expect(page.locator("#product-nameEn-error")).toBeVisible();
    await expect(page.locator("#product-slug-error")).toBeVisible();
    await expect(page.locator("#product-categoryId-error")).toHaveText("Catégorie requise");
    await expect(page.locator("#product-mainImageUrl-error")).toBeVisible();
    await expect(page.locator("#product-shortDescriptionFr-error")).toBeVisible();
    await expect(page.getByLabel(/^Nom \(FR\)/)).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel(/^Description courte \(FR\)/).fill("x".repeat(301));
    await expect(page.getByText("301/300")).toBeVisible();
    await expect(page.locator("#product-shortDescriptionFr-error")).toContainText("300");
    expect(posted).toBe(false);
    await expectNoAxeViolations(page);
  });

  test("a product with all four block types, reordered and with a bilingual table, is saved and shown on its public page", async ({
    page,
    api,
  }) => {
    // Many steps (four block types, uploads, a save, the public page): on a loaded machine it took 52-66 s of the 60 s.
    test.slow();
    const name = unique("Ulva Premium");
    const categories = await api.get<Category[]>("/api/categories");
    const category = categories[0] as Category;
    await openAdmin(page, "/admin/products/new");

    await page.getByLabel(/^Nom \(FR\)/).fill(name);
    await page.getByLabel(/^Nom \(EN\)/).fill(`${name} EN`);
    const slug = await page.getByLabel(/^Slug/).inputValue();
    expect(slug).toMatch(/^ulva-premium-[a-z0-9]+$/);
    await page.getByLabel(/^Catégorie/).selectOption(category._id);
    await page.locator("#product-mainImageUrl").setInputFiles(await pngFile("main.png", { width: 800, height: 600, color: "#184CA0" }));
    await page.getByLabel(/^Description courte \(FR\)/).fill("Laitue de mer séchée, qualité alimentaire.");
    await expect(page.getByText("42/300")).toBeVisible();
    await page.getByLabel(/^Description courte \(EN\)/).fill("Dried sea lettuce, food grade.");

    for (const type of ["Texte", "Image", "Texte + image", "Tableau"]) {
      await page.getByRole("button", { name: `Ajouter un bloc : ${type}`, exact: true }).click();
    }
    await expect(page.getByTestId("content-block")).toHaveCount(4);

    await block(page, 1).getByLabel("Contenu (FR)").fill("Récoltée à la main sur la côte de Bizerte.");
    await block(page, 1).getByLabel("Contenu (EN)").fill("Hand-harvested on the Bizerte coast.");
    await block(page, 2)
      .locator("input[type=file]")
      .setInputFiles(await pngFile("block-image.png", { color: "#00592E" }));
    await block(page, 2).getByLabel("Contenu (FR)").fill("Séchage à basse température.");
    await block(page, 3)
      .locator("input[type=file]")
      .setInputFiles(await pngFile("block-text-image.png", { color: "#CE5619" }));
    await block(page, 3).getByLabel("Contenu (FR)").fill("Une algue verte riche en fibres.");
    await block(page, 3).getByLabel("Contenu (EN)").fill("A green seaweed rich in fibre.");

    // The table: title, headers and cells in French, then English; columns and rows change in both languages.
    const table = block(page, 4);
    await table.getByLabel("Titre du tableau (FR)").fill("Caractéristiques");
    await table.getByLabel("Titre du tableau (EN)").fill("Specifications");
    await expect(table.getByRole("tab", { name: "Français" })).toHaveAttribute("aria-selected", "true");
    await expect(table.getByRole("button", { name: "Supprimer la colonne 1" })).toBeDisabled();
    await expect(table.getByRole("button", { name: "Supprimer la ligne 1" })).toBeDisabled();
    await table.getByRole("button", { name: "Ajouter une colonne" }).click();
    await table.getByRole("button", { name: "Ajouter une ligne" }).click();
    await table.getByRole("button", { name: "Ajouter une ligne" }).click();
    await table.getByLabel("En-tête 1").fill("Paramètre");
    await table.getByLabel("En-tête 2").fill("Valeur");
    await table.getByLabel("Ligne 1, colonne 1").fill("Humidité");
    await table.getByLabel("Ligne 1, colonne 2").fill("< 12 %");
    await table.getByLabel("Ligne 2, colonne 1").fill("Protéines");
    await table.getByLabel("Ligne 2, colonne 2").fill("15 %");
    await table.getByRole("button", { name: "Supprimer la ligne 3" }).click();
    await table.getByRole("tab", { name: "English" }).click();
    await expect(table.getByRole("textbox", { name: /^Ligne \d+, colonne \d+$/ })).toHaveCount(4);
    await expect(table.getByLabel("En-tête 1")).toHaveValue("");
    await table.getByLabel("En-tête 1").fill("Parameter");
    await table.getByLabel("En-tête 2").fill("Value");
    await table.getByLabel("Ligne 1, colonne 1").fill("Moisture");
    await table.getByLabel("Ligne 1, colonne 2").fill("< 12 %");
    await table.getByLabel("Ligne 2, colonne 1").fill("Protein");
    await table.getByLabel("Ligne 2, colonne 2").fill("15 %");
    await table.getByRole("tab", { name: "Français" }).click();
    await expect(table.getByLabel("Ligne 2, colonne 1")).toHaveValue("Protéines");

    // Move the table to the top: the first block cannot go up, the last cannot go down.
    await page.getByRole("button", { name: "Monter le bloc 4" }).click();
    await page.getByRole("button", { name: "Monter le bloc 3" }).click();
    await page.getByRole("button", { name: "Monter le bloc 2" }).click();
    await expect(block(page, 1).getByRole("heading")).toHaveText("Bloc 1 · Tableau");
    await expect(block(page, 4).getByRole("heading")).toHaveText("Bloc 4 · Texte + image");
    await expect(page.getByRole("button", { name: "Monter le bloc 1" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Descendre le bloc 4" })).toBeDisabled();
    await expect(block(page, 1).getByLabel("Titre du tableau (FR)")).toHaveValue("Caractéristiques");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Créer le produit" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId("product-row").filter({ visible: true }).filter({ hasText: name })).toHaveCount(1);

    // The list's rows carry no content blocks: the product is read whole by its id.
    const listed = (await api.get<ProductListItem[]>(`/api/products/all?q=${slug}`)).find((p) => p.slug === slug) as ProductListItem;
    const stored = await api.get<Product>(`/api/products/id/${listed._id}`);
    expect(stored).toMatchObject({ nameFr: name, nameEn: `${name} EN`, categoryId: category._id, isActive: true });
    expect(stored.mainImageUrl).toMatch(/^\/uploads\//);
    const blocks = [...stored.contentBlocks].sort((a, b) => a.order - b.order);
    expect(blocks.map((b) => [b.type, b.order])).toEqual([
      ["table", 0],
      ["text", 1],
      ["image", 2],
      ["text-image", 3],
    ]);
    expect(blocks[0]?.tableData).toEqual({
      fr: {
        headers: ["Paramètre", "Valeur"],
        rows: [
          ["Humidité", "< 12 %"],
          ["Protéines", "15 %"],
        ],
      },
      en: {
        headers: ["Parameter", "Value"],
        rows: [
          ["Moisture", "< 12 %"],
          ["Protein", "15 %"],
        ],
      },
    });
    expect(blocks[2]?.imageUrl).toMatch(/^\/uploads\//);
    expect(blocks[3]?.imageUrl).toMatch(/^\/uploads\//);

    await page.goto(`/product/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Récoltée à la main sur la côte de Bizerte.")).toBeVisible();
    await expect(page.getByText("Une algue verte riche en fibres.")).toBeVisible();
    await expect(page.getByRole("row", { name: "Protéines 15 %" })).toBeVisible();
    await expect(page.getByText("Caractéristiques").first()).toBeVisible();
    const main = page.locator("main");
    const order = await main.evaluate((el) => {
      const text = el.textContent ?? "";
      return ["Caractéristiques", "Récoltée à la main", "Une algue verte"].map((t) => text.indexOf(t));
    });
    expect(order.every((index, i) => index >= 0 && (i === 0 || index > (order[i - 1] ?? 0)))).toBe(true);
  });

  test("editing loads the whole product, and deleting and moving blocks renumbers them before saving", async ({ page, api }) => {
    const categories = await api.get<Category[]>("/api/categories");
    const name = unique("Edit Product");
    const product = await api.post<Product>("/api/products", {
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      nameFr: name,
      nameEn: `${name} EN`,
      shortDescriptionFr: "Court.",
      shortDescriptionEn: "Short.",
      mainImageUrl: "https://example.com/main.png",
      categoryId: categories[1]?._id ?? categories[0]?._id ?? "",
      isActive: false,
      contentBlocks: [
        { type: "text", contentFr: "Premier", contentEn: "First", order: 0 },
        { type: "text", contentFr: "Deuxième", contentEn: "Second", order: 1 },
        { type: "text", contentFr: "Troisième", contentEn: "Third", order: 2 },
      ],
    } satisfies ProductInput);
    await openAdmin(page, `/admin/products/edit/${product._id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Modifier le produit" })).toBeVisible();
    await expect(page.getByLabel(/^Nom \(FR\)/)).toHaveValue(name);
    await expect(page.getByLabel("Produit actif (visible sur le site)")).not.toBeChecked();
    await expect(page.getByTestId("content-block")).toHaveCount(3);

    await page.getByRole("button", { name: "Supprimer le bloc 1" }).click();
    await expect(page.getByTestId("content-block")).toHaveCount(2);
    await expect(block(page, 1).getByLabel("Contenu (FR)")).toHaveText("Deuxième");
    await page.getByRole("button", { name: "Descendre le bloc 1" }).click();
    await expect(block(page, 1).getByLabel("Contenu (FR)")).toHaveText("Troisième");
    await page.getByLabel(/^Nom \(EN\)/).fill(`${name} renamed`);
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    const stored = await api.get<Product>(`/api/products/id/${product._id}`);
    expect(stored.nameEn).toBe(`${name} renamed`);
    expect([...stored.contentBlocks].sort((a, b) => a.order - b.order).map((b) => [b.contentFr, b.order])).toEqual([
      ["Troisième", 0],
      ["Deuxième", 1],
    ]);
  });

  test("a duplicate slug is refused with the spec's error alert", async ({ page, api }) => {
    const existing = await createProduct(api, unique("Slug Taken"));
    const categories = await api.get<Category[]>("/api/categories");
    await openAdmin(page, "/admin/products/new");
    await page.getByLabel(/^Nom \(FR\)/).fill("Doublon");
    await page.getByLabel(/^Nom \(EN\)/).fill("Duplicate");
    await page.getByLabel(/^Slug/).fill(existing.slug);
    await page.getByLabel(/^Catégorie/).selectOption(categories[0]?._id ?? "");
    await page.locator("#product-mainImageUrl").setInputFiles(await pngFile("dup.png"));
    await page.getByLabel(/^Description courte \(FR\)/).fill("Court.");
    await page.getByLabel(/^Description courte \(EN\)/).fill("Short.");
    await expect(page.getByRole("progressbar")).toBeHidden();
    await page.getByRole("button", { name: "Créer le produit" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Erreur lors de l'enregistrement du produit");
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
  });

  test("saving is blocked while an image is uploading", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/upload/image**", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.locator("#product-mainImageUrl").setInputFiles(await pngFile("slow.png"));
    await expect(page.getByText("Upload en cours... (1)")).toBeVisible();
    await page.getByRole("button", { name: "Créer le produit" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      "Veuillez attendre que tous les uploads d'images soient terminés avant de sauvegarder.",
    );
    await page.getByRole("button", { name: "OK" }).click();
    release();
    await expect(page.getByText("Upload en cours... (1)")).toBeHidden();
  });

  test("looks right at 375 px and 1280 px with blocks", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    for (const type of ["Texte", "Tableau"]) await page.getByRole("button", { name: `Ajouter un bloc : ${type}`, exact: true }).click();
    await checkPhoneLayout(page, "product-form");
  });
});

test.describe("the product edit screen, long as it is", () => {
  /** The demo product with documents (server/seed/demo-documents.ts), text blocks and a specification table. */
  const DEMO = "ulva-lactuca";

  for (const width of [375, 1280]) {
    test(`at ${width} px: the section bar jumps to the documents, shown by name and date; the shortcut help is said once; table cells show long values whole, headers over their columns`, async ({
      page,
      api,
    }) => {
      const listed = await api.get<ProductListItem[]>(`/api/products/all?q=${DEMO}`);
      const product = listed.find((p) => p.slug === DEMO) as ProductListItem;
      await page.setViewportSize({ width, height: 900 });
      await openAdmin(page, `/admin/products/edit/${product._id}`);

      // The section navigation stays in view and leads to the documents, a landmark that takes the focus.
      const nav = page.getByRole("navigation", { name: "Sections de la fiche produit" });
      await expect(nav.getByRole("link", { name: "Informations" })).toHaveAttribute("aria-current", "location");
      await nav.getByRole("link", { name: "Documents" }).click();
      const documents = page.getByRole("region", { name: "Documents" });
      await expect(documents).toBeFocused();
      await expect(documents.getByRole("heading", { name: "Documents" })).toBeInViewport();
      await expect(nav).toBeInViewport();
      await expect(nav.getByRole("link", { name: "Documents" })).toHaveAttribute("aria-current", "location");
      await expect(documents).toContainText("Les documents sont enregistrés dès leur ajout");

      // Each document by its name (no title: its type), the file name under it, the date as a person reads it.
      const sheet = documents.getByRole("listitem").filter({ hasText: "ulva-lactuca-tds-fr.pdf" });
      await expect(sheet.locator("p").first()).toHaveText("Fiche technique");
      await expect(sheet.locator("p").nth(1)).toHaveText("ulva-lactuca-tds-fr.pdf");
      await expect(sheet.locator("time")).toHaveText("10 févr. 2026");
      await expect(documents.getByText("2026-02-10")).toHaveCount(0);
      await expect(documents.getByRole("button", { name: "Choisir un fichier PDF" })).toBeVisible();

      // The rich-text editors' keyboard shortcuts are said once, above the blocks.
      const shortcuts = translate(RICH_TEXT_TEXTS, "fr", "shortcuts");
      await expect(page.getByRole("textbox", { name: "Contenu (FR)" }).first()).toBeVisible();
      await expect(page.getByText(shortcuts)).toHaveCount(1);

      // A long value in a table cell wraps and is read whole.
      const table = page
        .getByTestId("content-block")
        .filter({ has: page.getByRole("tab", { name: "English" }) })
        .first();
      const cell = table.getByRole("textbox", { name: "Ligne 1, colonne 3" });
      const long = "Méthode interne validée : séchage en étuve à 105 °C jusqu'à masse constante, puis pesée sur balance de précision";
      await cell.fill(long);
      await expect(cell).toHaveValue(long);
      const fits = await cell.evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
      expect(fits.scroll, "the whole value shows, without a scroll bar").toBeLessThanOrEqual(fits.client);
      const oneLine = await table.getByRole("textbox", { name: "Ligne 1, colonne 1" }).evaluate((element) => element.clientHeight);
      expect(fits.client, "the value wraps over several lines").toBeGreaterThan(oneLine * 1.5);

      // The English headers sit exactly over their columns' cells.
      await table.getByRole("tab", { name: "English" }).click();
      await expect(table.getByRole("textbox", { name: "En-tête 1" })).toHaveValue("Parameter");
      for (const column of [1, 2, 3]) {
        const header = await table.getByRole("textbox", { name: `En-tête ${column}` }).boundingBox();
        const first = await table.getByRole("textbox", { name: `Ligne 1, colonne ${column}` }).boundingBox();
        expect(header && first && Math.abs(header.x - first.x), `column ${column} starts`).toBeLessThanOrEqual(1);
        expect(header && first && Math.abs(header.width - first.width), `column ${column} width`).toBeLessThanOrEqual(1);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "no sideways scrolling of the page").toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  }
});
