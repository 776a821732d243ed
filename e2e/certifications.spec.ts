import type { Category } from "@shared/schemas/category";
import type { Certification } from "@shared/schemas/certification";
import type { Product } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, pngFile, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";

/** Certifications (docs/decisions/0111-certifications.md): the admin screen, the product form's picker, the product page. */

async function uploadNamed(api: Api, name: string): Promise<string> {
  const response = await api.context.post("/api/upload/image", {
    multipart: { image: await pngFile(name, { width: 200, height: 200, color: "#2E7D32" }) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

test.describe("certifications", () => {
  test("an admin creates one with a logo from the library, attaches it to a product, and the product page shows it", async ({
    page,
    api,
  }) => {
    test.slow();
    const logoName = `${unique("logo-bio").replace(" ", "-")}.png`;
    const logoUrl = await uploadNamed(api, logoName);
    const name = unique("Agriculture biologique");
    const categories = await api.get<Category[]>("/api/categories");
    const slug = unique("ulve-certifiee").replace(" ", "-");
    const product = await api.post<Product>("/api/products", {
      slug,
      nameFr: `Ulve ${slug}`,
      nameEn: `Sea lettuce ${slug}`,
      shortDescriptionFr: "Court.",
      shortDescriptionEn: "Short.",
      mainImageUrl: logoUrl,
      categoryId: categories[0]?._id ?? "",
      isActive: true,
      contentBlocks: [],
    });

    // The screen: create one, its logo picked in the media library.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(page, "/admin/certifications");
    await expect(page.getByRole("heading", { level: 1, name: "Certifications" })).toBeVisible();
    await page.getByRole("button", { name: "Ajouter une certification" }).click();
    await page.getByLabel("Nom (français)").fill(name);
    await page.getByLabel("Nom (anglais)").fill(`${name} (EN)`);
    await page.getByLabel("Organisme certificateur").fill("Ecocert");
    await page.getByLabel("Lien de vérification").fill("http://ecocert.example.com/");
    await page.getByLabel("Valide jusqu'au").fill("2030-12-31");
    await page.getByRole("button", { name: /^Choisir dans la médiathèque : / }).click();
    const dialog = page.getByRole("dialog", { name: "Médiathèque" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("searchbox").fill(logoName.replace(".png", ""));
    await expect(dialog.locator("button[data-media]")).toHaveCount(1);
    await dialog.locator("button[data-media]").click();
    await expect(dialog).toBeHidden();
    // A plain-http verification link is refused before anything is sent.
    await page.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(page.getByText("URL invalide (https:// requis)")).toBeVisible();
    await page.getByLabel("Lien de vérification").fill("https://ecocert.example.com/certificat");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(page.getByTestId("feedback-status")).toContainText("Certification ajoutée");

    const created = (await api.get<Certification[]>(`/api/certifications?q=${encodeURIComponent(name)}`))[0];
    expect(created).toMatchObject({ nameFr: name, logoUrl, validUntil: "2030-12-31", status: "valid" });
    const row = page.getByTestId("certification-row").filter({ visible: true }).filter({ hasText: name });
    await expect(row).toContainText("valide");
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "certifications");

    // The product form: find it with the picker's search, attach it with the keyboard, save.
    await openAdmin(page, `/admin/products/edit/${product._id}`);
    await page.getByLabel("Chercher une certification").fill(name);
    const attach = page.getByRole("button", { name: `Attacher ${name}` });
    await attach.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: `Retirer ${name}` })).toBeVisible();
    await page
      .getByRole("button", { name: /^Enregistrer/ })
      .first()
      .click();
    await expect.poll(async () => (await api.get<Product>(`/api/products/id/${product._id}`)).certificationIds).toEqual([created?._id]);

    // The product page, at phone and desktop widths, French and English.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/product/${slug}`);
      const section = page.getByTestId("product-certifications");
      await expect(section.getByRole("heading", { name: "Certifications" })).toBeVisible();
      await expect(section).toContainText(name);
      await expect(section).toContainText("Organisme certificateur : Ecocert");
      await expect(section).toContainText("valide jusqu'au 31 décembre 2030");
      const verify = section.getByRole("link", { name: /Vérifier le certificat/ });
      await expect(verify).toHaveAttribute("href", "https://ecocert.example.com/certificat");
      await expect(verify).toHaveAttribute("rel", "noopener");
      const logo = section.locator("img");
      await expect(logo).toHaveAttribute("loading", "lazy");
      await expect(logo).toHaveAttribute("width", /\d+/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
    await page.goto(`/product/${slug}?lang=en`);
    await expect(page.getByTestId("product-certifications")).toContainText("valid until 31 December 2030");
  });

  test("the dashboard warns of an attached certification expiring within 30 days, with a link to edit it", async ({ page, api }) => {
    const name = unique("ISO 22000");
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const certification = await api.post<Certification>("/api/certifications", {
      nameFr: name,
      nameEn: name,
      certifyingBody: "Bureau Veritas",
      validUntil: soon,
    });
    const categories = await api.get<Category[]>("/api/categories");
    const slug = unique("extrait-iso").replace(" ", "-");
    await api.post<Product>("/api/products", {
      slug,
      nameFr: `Extrait ${slug}`,
      nameEn: `Extract ${slug}`,
      shortDescriptionFr: "Court.",
      shortDescriptionEn: "Short.",
      mainImageUrl: "https://example.com/image.png",
      categoryId: categories[0]?._id ?? "",
      certificationIds: [certification._id],
    });
    await openAdmin(page, "/admin");
    const card = page.getByTestId("certification-warnings");
    await expect(card.getByRole("heading", { name: "Certifications à renouveler" })).toBeVisible();
    await expect(card).toContainText(name);
    await expectNoAxeViolations(page);
    await card.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/certifications\\?edit=${certification._id}`));
    await expect(page.getByLabel("Nom (français)")).toHaveValue(name);
  });
});
