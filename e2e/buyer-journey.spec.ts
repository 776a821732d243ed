import { readFile } from "node:fs/promises";
import { REQUEST_TYPE_NAMES } from "@shared/quote-request";
import type { AnalyticsReport } from "@shared/schemas/analytics";
import type { ContactSubmission } from "@shared/schemas/contact";
import type { Product } from "@shared/schemas/product";
import { PRODUCT_DOCUMENTS_TEXTS } from "../app/features/catalogue/site/texts";
import { INBOX_TEXTS } from "../app/features/inbox/admin/texts";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { FACT_TEXTS } from "../app/features/product-facts/texts";
import { translate } from "../app/i18n/texts";
import { openAdmin } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { searchFromHeader, uniqueSlug } from "./site-helpers";

/**
 * What a buyer comes for (issue 21), end to end on the demo catalogue: a search by INCI name, the product's key facts,
 * a data sheet downloaded, an on-request certificate asked for through the quote form; then the administrator finds
 * the request under its product in the inbox, and the product's conversions in the audience report.
 */
const DEMO_SLUG = "ulva-lactuca";
/** A browser's own: a headless browser is a robot, whose downloads and searches are not counted (server/services/analytics-audience.ts). */
const BUYER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const contact = (key: Parameters<typeof translate<typeof CONTACT_SITE_TEXTS>>[2]) => translate(CONTACT_SITE_TEXTS, "fr", key);
const documents = (key: Parameters<typeof translate<typeof PRODUCT_DOCUMENTS_TEXTS>>[2]) => translate(PRODUCT_DOCUMENTS_TEXTS, "fr", key);

for (const javaScriptEnabled of [true, false]) {
  for (const width of [375, 1280]) {
    test.describe(`${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 }, userAgent: BUYER_UA });

      test("a buyer finds a product by its INCI name, downloads its data sheet and asks for its certificate; the administrator finds the request", async ({
        page,
        api,
        browser,
      }) => {
        const { product } = await api.get<{ product: Product }>(`/api/products/${DEMO_SLUG}`);
        expect(product.inciName).not.toBe("");
        const before = await api.get<AnalyticsReport>("/api/analytics/report?days=7");
        const counted = (report: AnalyticsReport) => report.conversions.find((row) => row.slug === DEMO_SLUG);

        await page.goto("/");
        await searchFromHeader(page, product.inciName.toLowerCase());
        await page
          .getByRole("main")
          .getByRole("link", { name: new RegExp(product.nameFr) })
          .first()
          .click();
        await expect(page).toHaveURL(new RegExp(`/product/${DEMO_SLUG}`));
        await expect(page.getByText(translate(FACT_TEXTS, "fr", "inciName"), { exact: true })).toBeVisible();
        await expect(page.getByText(product.inciName, { exact: true })).toBeVisible();
        if (javaScriptEnabled) await expectNoAxeViolations(page);

        const section = page.getByRole("region", { name: documents("title") });
        const download = page.waitForEvent("download");
        await section
          .getByRole("link", { name: /^Télécharger .*\(PDF, / })
          .first()
          .click();
        const file = await (await download).path();
        expect((await readFile(file)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

        await section
          .getByRole("link", { name: /^Demander / })
          .first()
          .click();
        await expect(page).toHaveURL(/\/contact\?product=ulva-lactuca&type=documents/);
        const request = page.getByRole("group", { name: contact("request.legend") });
        await expect(request).toContainText(product.nameFr);
        await expect(request.getByLabel(contact("request.type"))).toHaveValue("documents");
        const fullName = `Acheteuse ${uniqueSlug(javaScriptEnabled ? "js" : "nojs")}`;
        await page.getByLabel(contact("fullName")).fill(fullName);
        await page.getByLabel(contact("emailField")).fill("achats@labo-azur.example");
        await page.getByLabel(contact("subject")).fill("Certificat d'analyse");
        await page
          .getByRole("textbox", { name: contact("message"), exact: true })
          .fill("Bonjour, pourriez-vous nous envoyer le certificat d'analyse du dernier lot ?");
        await request.getByLabel(contact("request.company")).fill("Laboratoires Azur");
        await page.getByRole("button", { name: contact("submit") }).click();
        // A request ends on its confirmation page (issue 32).
        await expect(page).toHaveURL(/\/contact\/merci\?t=/);
        await expect(page.getByTestId("request-summary")).toContainText(product.nameFr);

        // The administrator, in a browser with JavaScript: the request is in the inbox under its product.
        const adminContext = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: true });
        const admin = await adminContext.newPage();
        const inbox = (key: Parameters<typeof translate<typeof INBOX_TEXTS>>[2]) => translate(INBOX_TEXTS, "fr", key);
        await openAdmin(admin, "/admin/contacts");
        await admin.getByRole("button", { name: new RegExp(fullName) }).click();
        const ticket = admin.getByTestId("ticket-request");
        await expect(ticket).toContainText(product.nameFr);
        await expect(ticket).toContainText(REQUEST_TYPE_NAMES.documents.fr);
        await ticket.getByRole("button", { name: inbox("request.sameProduct") }).click();
        await expect(admin.getByTestId("inbox-product-filter")).toContainText(product.nameFr);
        await expect(admin.getByRole("button", { name: new RegExp(fullName) })).toBeVisible();
        const stored = await api.get<ContactSubmission[]>(`/api/contact/submissions?productId=${product._id}&requestType=documents`);
        expect(stored.map((message) => message.fullName)).toContain(fullName);

        // The audience report counts the download and the request for the product.
        const after = counted(await api.get<AnalyticsReport>("/api/analytics/report?days=7"));
        expect(after?.downloads).toBeGreaterThanOrEqual((counted(before)?.downloads ?? 0) + 1);
        expect(after?.quoteRequests).toBeGreaterThanOrEqual((counted(before)?.quoteRequests ?? 0) + 1);
        await admin.goto("/admin/analytics");
        const report = admin.getByRole("region", { name: "Audience détaillée" });
        await report.getByRole("button", { name: "7 jours" }).click();
        await expect(report.getByTestId("report-conversions")).toContainText(product.nameFr);
        await expectNoAxeViolations(admin);
        await adminContext.close();
      });
    });
  }
}
