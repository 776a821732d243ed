import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { DOCUMENT_KIND_NAMES, type ProductDocument } from "@shared/documents";
import { PRODUCT_DOCUMENTS_ADMIN_TEXTS } from "../app/features/catalogue/admin/texts";
import { PRODUCT_DOCUMENTS_TEXTS } from "../app/features/catalogue/site/texts";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { translate } from "../app/i18n/texts";
import { makePdf } from "../test/pdf";
import { openAdmin } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { catalogueForThisFile } from "./site-helpers";

/** Documents per product (decision 0109): the admin uploads them, a buyer sees the list, downloads one, asks for another. */
const admin = (key: Parameters<typeof translate<typeof PRODUCT_DOCUMENTS_ADMIN_TEXTS>>[2]) =>
  translate(PRODUCT_DOCUMENTS_ADMIN_TEXTS, "fr", key);
const site = (key: Parameters<typeof translate<typeof PRODUCT_DOCUMENTS_TEXTS>>[2]) => translate(PRODUCT_DOCUMENTS_TEXTS, "fr", key);
const catalogue = catalogueForThisFile();

async function uploadThroughScreen(
  page: Page,
  options: { kind: string; language: string; visibility: string; version: string; text: string },
) {
  const section = page.getByRole("group", { name: admin("addTitle") });
  await section
    .getByLabel(admin("file"))
    .setInputFiles({ name: `${options.text}.pdf`, mimeType: "application/pdf", buffer: await makePdf(options.text) });
  // The chosen file is named beside the button that chose it.
  await expect(section.getByTestId("chosen-file")).toContainText(`${options.text}.pdf`);
  await section.getByLabel(admin("kind")).selectOption(options.kind);
  await section.getByLabel(admin("language"), { exact: true }).selectOption(options.language);
  await section.getByLabel(admin("versionLabel")).fill(options.version);
  await section.getByLabel(admin("date")).fill("2026-03-01");
  await section.getByLabel(admin("visibility")).selectOption(options.visibility);
  await section.getByRole("button", { name: admin("upload") }).click();
  // Listed at once, with the date as a person reads it; the fields start again from their defaults.
  await expect(page.getByRole("list", { name: admin("title") }).getByText(new RegExp(` · ${options.version} · 1 mars 2026`))).toBeVisible();
  await expect(section.getByTestId("chosen-file")).toHaveText(admin("noFile"));
  await expect(section.getByLabel(admin("versionLabel"))).toHaveValue("");
}

test.describe
  .serial("product documents", () => {
    test("an administrator uploads a public data sheet and an on-request certificate; a renamed image is refused", async ({
      page,
      api,
    }) => {
      const { product } = catalogue();
      await openAdmin(page, `/admin/products/edit/${product._id}`);
      const section = page.getByRole("region", { name: admin("title") });
      await expect(section.getByText(admin("empty"))).toBeVisible();
      await expect(section).toContainText("Les documents sont enregistrés dès leur ajout");
      // Nothing chosen yet: said so, and nothing is sent.
      await section.getByRole("button", { name: admin("upload") }).click();
      await expect(section.getByRole("alert")).toHaveText(admin("chooseFirst"));
      await section
        .getByLabel(admin("file"))
        .setInputFiles({ name: "photo.pdf", mimeType: "application/pdf", buffer: Buffer.from("\x89PNG\r\n\x1a\nnot a pdf") });
      await section.getByRole("button", { name: admin("upload") }).click();
      await expect(section.getByRole("alert")).toContainText("n'est pas un PDF");
      await uploadThroughScreen(page, { kind: "tds", language: "both", visibility: "public", version: "v3", text: "fiche" });
      await uploadThroughScreen(page, { kind: "coa", language: "en", visibility: "on_request", version: "lot 42", text: "coa" });
      // Edit the certificate's version from the list (keyboard: the disclosure opens with Enter).
      const summary = section.getByText(admin("edit"), { exact: true }).nth(1);
      await summary.focus();
      await page.keyboard.press("Enter");
      const editForm = section.locator("details[open] fieldset");
      await editForm.getByLabel(admin("versionLabel")).fill("lot 43");
      await editForm.getByLabel(admin("titleFr")).fill("Certificat d'analyse du lot 43");
      await editForm.getByRole("button", { name: admin("save") }).click();
      await expect(section.getByText(admin("saved"))).toBeVisible();
      await expect(section.getByText(/lot 43/).first()).toBeVisible();
      // The document is shown by its title, its type and file name under it, its date as a person reads it.
      const certificate = section.getByRole("listitem").filter({ hasText: "Certificat d'analyse du lot 43" });
      await expect(certificate.locator("p").first()).toHaveText("Certificat d'analyse du lot 43");
      await expect(certificate.locator("p").nth(1)).toHaveText(`${DOCUMENT_KIND_NAMES.coa.fr} · coa.pdf`);
      await expect(certificate.locator("time")).toHaveText("1 mars 2026");
      await expect(section.getByText("2026-03-01")).toHaveCount(0);
      // The certificate moves up: the first document cannot move further up.
      await section.getByRole("button", { name: /^Monter le document Certificat d'analyse/ }).click();
      await expect(section.getByText(admin("moved"))).toBeVisible();
      await expect(section.getByRole("button", { name: /^Monter le document / }).first()).toBeDisabled();
      const stored = await api.get<ProductDocument[]>(`/api/products/${product._id}/documents`);
      expect(stored.map((d) => [d.kind, d.visibility, d.versionLabel, d.titleFr])).toEqual([
        ["coa", "on_request", "lot 43", "Certificat d'analyse du lot 43"],
        ["tds", "public", "v3", ""],
      ]);
      await expectNoAxeViolations(page);
    });

    for (const width of [375, 1280]) {
      test(`a buyer at ${width} px sees the documents, downloads the data sheet and asks for the certificate`, async ({ page }) => {
        const { product } = catalogue();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/product/${product.slug}`);
        const section = page.getByRole("region", { name: site("title") });
        await expect(section).toContainText(DOCUMENT_KIND_NAMES.tds.fr);
        await expect(section).toContainText("Français et anglais");
        await expect(section).toContainText("v3");
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        const link = section.getByRole("link", { name: /^Télécharger Fiche technique \(PDF, [\d,]+\s[oK]/ });
        const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
        expect(download.suggestedFilename()).toBe(`${product.slug}-tds-fr-en-v3.pdf`);
        const bytes = await readFile(await download.path());
        expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

        await section.getByRole("link", { name: /Certificat d'analyse/ }).click();
        await expect(page).toHaveURL(new RegExp(`/contact\\?product=${product.slug}&type=documents`));
        const request = page.getByRole("group", { name: translate(CONTACT_SITE_TEXTS, "fr", "request.legend") });
        await expect(request.getByLabel(translate(CONTACT_SITE_TEXTS, "fr", "request.type"))).toHaveValue("documents");
      });
    }
  });
