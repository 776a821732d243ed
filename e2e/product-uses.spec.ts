import type { Application, ProductFunction } from "@shared/resources/uses";
import type { Product } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";
import { catalogueForThisFile } from "./site-helpers";

const data = catalogueForThisFile();

/** Applications, functions and regulatory facts (decision 0124): the managed list, the product form, the product page. */
test.describe("product uses and regulatory facts", () => {
  test("an admin creates an application, gives a product uses and regulatory facts, and the page shows them in French and English at 1280 and 375 px", async ({
    page,
    api,
    browser,
  }) => {
    test.slow();
    const { product } = data();
    const nameFr = unique("Alimentaire");
    const nameEn = nameFr.replace("Alimentaire", "Food");
    const slug = `food-${Date.now().toString(36)}`;
    const fn = await api.post<ProductFunction>("/api/functions", {
      slug: `thickener-${Date.now().toString(36)}`,
      nameFr: unique("Épaississant"),
      nameEn: unique("Thickener"),
    });

    // The list's screen, drawn from its declaration.
    await openAdmin(page, "/admin/applications");
    await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
    await page.getByRole("button", { name: "Ajouter une application" }).click();
    await page.getByLabel("Slug (adresse du filtre)").fill(slug);
    await page.getByLabel("Nom (FR)").fill(nameFr);
    await page.getByLabel("Nom (EN)").fill(nameEn);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^Enregistrer/ }).click();
    await expect(page.getByText("Application enregistrée")).toBeVisible();
    const application = (await api.get<Application[]>("/api/applications?limit=100")).find((a) => a.slug === slug);
    expect(application).toMatchObject({ nameFr, nameEn, isActive: true });

    // The product form: the uses as checkboxes, the regulatory facts in their own section.
    await openAdmin(page, `/admin/products/edit/${product._id}`);
    const uses = page.getByRole("group", { name: "Usages" });
    await uses.scrollIntoViewIfNeeded();
    await uses.getByLabel(nameFr).check();
    await uses.getByLabel(fn.nameFr).check();
    const regulatory = page.getByRole("group", { name: "Réglementaire" });
    await regulatory.getByLabel("Numéro E (additif alimentaire UE)").fill("E40");
    await regulatory.getByLabel("Statut du numéro E").selectOption("authorised");
    await regulatory.getByLabel("COSMOS (Ecocert)").selectOption("cosmos_approved");
    await regulatory.getByLabel("Indice d'origine naturelle (ISO 16128)").fill("0.98");
    await regulatory.getByLabel("Pays de récolte").selectOption("TN");
    await regulatory.getByLabel("Déclaration allergènes (FR)").fill("Aucun des 14 allergènes majeurs");
    await regulatory.getByLabel("Déclaration OGM (FR)").fill("Sans OGM");
    await regulatory.getByLabel("Déclaration OGM (EN)").fill("GMO-free");
    await regulatory.getByLabel("Échantillon disponible").uncheck();

    // A wrong E-number is refused under its field, in French, before anything is sent.
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    const eNumber = regulatory.getByLabel("Numéro E (additif alimentaire UE)");
    await expect(eNumber).toHaveAttribute("aria-invalid", "true");
    await expect(regulatory.getByText(/Numéro E invalide/)).toBeVisible();
    await expectNoAxeViolations(page);
    await regulatory.scrollIntoViewIfNeeded();
    await checkPhoneLayout(page, "product-form-regulatory");

    await eNumber.fill("e407a");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    const stored = await api.get<Product>(`/api/products/id/${product._id}`);
    expect(stored).toMatchObject({
      applicationIds: [application?._id],
      functionIds: [fn._id],
      eNumber: "E407a",
      eNumberStatus: "authorised",
      cosmosStatus: "cosmos_approved",
      naturalOriginIndex: 0.98,
      harvestCountry: "TN",
      gmoStatementEn: "GMO-free",
      allergenStatementEn: "",
      sampleAvailable: false,
    });

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    for (const width of [1280, 375]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.goto(`/product/${product.slug}`);
      const section = visitor.getByRole("region", { name: "Informations réglementaires" });
      for (const text of [
        "E407a — Autorisé (règlement (CE) n° 1333/2008)",
        "0,98",
        "Approuvé COSMOS (matière première, Ecocert)",
        "Tunisie",
        "Sans OGM",
      ])
        await expect(section.getByText(text)).toBeVisible();
      const usesSection = visitor.getByRole("region", { name: "Applications et fonctions" });
      await expect(usesSection.getByText(nameFr)).toBeVisible();
      await expect(usesSection.getByText(fn.nameFr)).toBeVisible();
      await expectNoAxeViolations(visitor);
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      await keepScreenshot(section, "site-screens", `product-regulatory-${width}.png`);

      await visitor.goto(`/product/${product.slug}?lang=en`);
      const english = visitor.getByRole("region", { name: "Regulatory information" });
      for (const text of ["Food additive (EU)", "E407a — Authorised (Regulation (EC) No 1333/2008)", "0.98", "Tunisia", "GMO-free"])
        await expect(english.getByText(text)).toBeVisible();
      // Written in French only: shown in French, marked as such.
      await expect(english.getByText("Aucun des 14 allergènes majeurs")).toHaveAttribute("lang", "fr");
      await expect(visitor.getByRole("region", { name: "Applications and functions" }).getByText(nameEn)).toBeVisible();
      await expectNoAxeViolations(visitor);
      if (width === 1280) {
        const jsonLd = await visitor
          .locator('script[type="application/ld+json"]')
          .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}") as Record<string, unknown>));
        const productLd = jsonLd.find((block) => block["@type"] === "Product");
        expect(productLd?.countryOfOrigin).toEqual({ "@type": "Country", name: "Tunisia", identifier: "TN" });
        expect(productLd?.additionalProperty).toEqual(
          expect.arrayContaining([
            { "@type": "PropertyValue", name: "Food additive (EU)", propertyID: "E-number", value: "E407a" },
            { "@type": "PropertyValue", name: "Natural origin index (ISO 16128)", propertyID: "ISO 16128", value: 0.98 },
            { "@type": "PropertyValue", name: "COSMOS", value: "COSMOS approved (raw material, Ecocert)" },
          ]),
        );
      }
    }
    await visitorContext.close();

    // Detached, so the lists can go.
    await api.put(`/api/products/${product._id}`, { ...withoutReadOnly(stored), applicationIds: [], functionIds: [] });
    await api.delete(`/api/applications/${application?._id}`);
    await api.delete(`/api/functions/${fn._id}`);
  });
});

/** A product read, as a PUT body. */
function withoutReadOnly(product: Product) {
  const { _id, category, createdAt, updatedAt, ...rest } = product;
  return rest;
}
