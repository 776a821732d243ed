import type { Product } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";
import { catalogueForThisFile } from "./site-helpers";

const data = catalogueForThisFile();

test.describe("product key facts", () => {
  test("an admin fills the key facts, a wrong CAS number is refused under its field, and the public page shows the table at 1280 and 375 px", async ({
    page,
    api,
    browser,
  }) => {
    test.slow();
    const { product } = data();
    await openAdmin(page, `/admin/products/edit/${product._id}`);
    const facts = page.getByRole("group", { name: "Caractéristiques" });
    await facts.scrollIntoViewIfNeeded();

    await facts.getByLabel("Nom INCI").fill("Ulva Lactuca Extract");
    await facts.getByLabel("Nom botanique").fill("Ulva lactuca L.");
    await facts.getByLabel("Numéro CAS").fill("9002-18-1");
    await facts.getByLabel("Quantité minimale de commande").fill("500");
    await facts.getByLabel("Unité").selectOption("kg");
    await facts.getByLabel("Origine (FR)").fill("Bizerte, Tunisie");
    await facts.getByLabel("Origine (EN)").fill("Bizerte, Tunisia");
    await facts.getByLabel("Forme (FR)").fill("Poudre fine");
    await facts.getByLabel("Forme (EN)").fill("Fine powder");
    await facts.getByLabel("Conditionnement (FR)").fill("Sacs de 20 kg");
    await facts.getByLabel("Conditions de stockage (FR)").fill("Au sec, sous 25 °C");
    await facts.getByLabel("Conditions de stockage (EN)").fill("Dry, below 25 °C");
    await facts.getByLabel("Durée de conservation (mois)").fill("24");

    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    const cas = facts.getByLabel("Numéro CAS");
    await expect(cas).toHaveAttribute("aria-invalid", "true");
    await expect(facts.getByText(/Numéro CAS invalide/)).toBeVisible();
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "product-form-facts");
    await expectNoAxeViolations(page);

    await cas.fill("9002-18-0");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    const stored = await api.get<Product>(`/api/products/id/${product._id}`);
    expect(stored).toMatchObject({
      inciName: "Ulva Lactuca Extract",
      casNumbers: "9002-18-0",
      moqQuantity: 500,
      moqUnit: "kg",
      shelfLifeMonths: 24,
      packagingEn: "",
    });

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    for (const width of [1280, 375]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.goto(`/product/${product.slug}`);
      const table = visitor.getByRole("region", { name: "Caractéristiques" });
      await expect(table.getByRole("term").first()).toHaveText("Nom INCI");
      for (const text of ["Ulva Lactuca Extract", "9002-18-0", "500 kg", "24 mois", "Bizerte, Tunisie"])
        await expect(table.getByText(text)).toBeVisible();
      await expectNoAxeViolations(visitor);
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      await keepScreenshot(table, "site-screens", `product-facts-${width}.png`);

      await visitor.goto(`/product/${product.slug}?lang=en`);
      const english = visitor.getByRole("region", { name: "Key facts" });
      for (const text of ["INCI name", "24 months", "Bizerte, Tunisia", "Sacs de 20 kg"])
        await expect(english.getByText(text)).toBeVisible();
      await expectNoAxeViolations(visitor);
    }
    await visitorContext.close();
  });
});
