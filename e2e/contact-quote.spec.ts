import type { Page } from "@playwright/test";
import { REQUEST_TYPE_NAMES } from "@shared/quote-request";
import type { ContactSubmission } from "@shared/schemas/contact";
import { PRODUCT_SITE_TEXTS } from "../app/features/catalogue/site/texts";
import { INBOX_TEXTS } from "../app/features/inbox/admin/texts";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { translate } from "../app/i18n/texts";
import { openAdmin } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueSlug } from "./site-helpers";

/** Sample and quote requests (decision 0108): from a product page to the inbox, with JavaScript on and off. */
type Card = { slug: string; nameFr: string; nameEn: string };
const fr = (key: Parameters<typeof translate<typeof CONTACT_SITE_TEXTS>>[2]) => translate(CONTACT_SITE_TEXTS, "fr", key);

async function someProduct(api: Api): Promise<Card> {
  const [card] = await api.get<Card[]>("/api/products?limit=1");
  if (!card) throw new Error("the demo catalogue has no product");
  return card;
}

/** Opens the product page, follows its request link and asks for a sample, as a buyer would. */
async function askForSample(page: Page, product: Card, fullName: string, { axe = true } = {}): Promise<void> {
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("link", { name: translate(PRODUCT_SITE_TEXTS, "fr", "quote") }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?product=${product.slug}`));
  const request = page.getByRole("group", { name: fr("request.legend") });
  await expect(request).toContainText(product.nameFr);
  // axe runs in the page: only with JavaScript (the same markup is checked by the JavaScript runs).
  if (axe) await expectNoAxeViolations(page);
  await page.getByLabel(fr("fullName")).fill(fullName);
  await page.getByLabel(fr("emailField")).fill("buyer.sample@example.com");
  await page.getByLabel(fr("subject")).fill("Demande d'échantillon");
  await page
    .getByRole("textbox", { name: fr("message"), exact: true })
    .fill("Bonjour, nous souhaitons tester votre produit en cosmétique.");
  await request.getByLabel(fr("request.type")).selectOption("sample");
  await request.getByLabel(fr("request.application")).selectOption("cosmetics");
  await request.getByRole("textbox", { name: fr("request.quantity") }).fill("2");
  await request.getByLabel(fr("request.country")).selectOption("FR");
  await request.getByLabel(fr("request.company")).fill("Laboratoires Azur");
  await page.getByRole("button", { name: fr("submit") }).click();
  await expect(page.getByText(fr("success")).first()).toBeVisible();
}

async function expectStored(api: Api, product: Card, fullName: string): Promise<ContactSubmission> {
  const received = (await api.get<ContactSubmission[]>("/api/contact/submissions?requestType=sample")).find((m) => m.fullName === fullName);
  expect(received).toMatchObject({
    productName: product.nameFr,
    requestType: "sample",
    application: "cosmetics",
    quantity: 2,
    quantityUnit: "kg",
    country: "FR",
    company: "Laboratoires Azur",
    spam: false,
  });
  return received as ContactSubmission;
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a buyer asks for a sample from a product page with JavaScript, and the administrator finds it by its product", async ({
      page,
      api,
    }) => {
      const product = await someProduct(api);
      const fullName = `Acheteur ${uniqueSlug("js")}`;
      await askForSample(page, product, fullName);
      const stored = await expectStored(api, product, fullName);

      const t = (key: Parameters<typeof translate<typeof INBOX_TEXTS>>[2], vars?: Record<string, string>) =>
        translate(INBOX_TEXTS, "fr", key, vars);
      await openAdmin(page, "/admin/contacts");
      await page.getByRole("button", { name: new RegExp(fullName) }).click();
      const ticket = page.getByTestId("ticket-request");
      await expect(ticket).toContainText(product.nameFr);
      await expect(ticket).toContainText(REQUEST_TYPE_NAMES.sample.fr);
      await ticket.getByRole("button", { name: t("request.sameProduct") }).click();
      await expect(page.getByTestId("inbox-product-filter")).toContainText(product.nameFr);
      await expect(page.getByRole("button", { name: new RegExp(fullName) })).toBeVisible();
      const listed = await api.get<ContactSubmission[]>(`/api/contact/submissions?productId=${stored.productId}`);
      expect(listed.map((m) => m._id)).toContain(stored._id);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("a buyer asks for a sample from a product page and the request is stored with its product", async ({ page, api }) => {
    const product = await someProduct(api);
    const fullName = `Acheteur ${uniqueSlug("nojs")}`;
    await askForSample(page, product, fullName, { axe: false });
    await expect(page.getByRole("status")).toHaveText(fr("success"));
    await expectStored(api, product, fullName);
  });

  test("an unknown product in the address is ignored: the form works without it", async ({ page }) => {
    const response = await page.goto("/contact?product=no-such-product");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("group", { name: fr("request.legend") })).toBeVisible();
    await expect(page.locator("input[name=product]")).toHaveCount(0);
  });
});

test("a message caught by the spam rules waits in the Spam folder, and 'Pas un spam' moves it back to the inbox", async ({
  page,
  request,
}) => {
  const fullName = `Suspect ${uniqueSlug("spam")}`;
  const sent = await request.post("/api/contact", {
    data: { fullName, email: "suspect@example.com", phone: "", subject: "Offre", message: "Visit [url=http://x.example]here[/url]" },
  });
  // The sender sees the same success as anyone.
  expect(sent.status()).toBe(201);
  const t = (key: Parameters<typeof translate<typeof INBOX_TEXTS>>[2]) => translate(INBOX_TEXTS, "fr", key);
  await openAdmin(page, "/admin/contacts");
  const item = page.getByRole("button", { name: new RegExp(fullName) });
  await expect(page.getByTestId("inbox-shown")).toBeVisible();
  await expect(item).toHaveCount(0);
  await page
    .getByTestId("inbox-folders")
    .getByRole("button", { name: t("folder.spam") })
    .click();
  await item.click();
  await expect(page.getByText(/bbcode-link/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: t("spam.notSpam") }).click();
  await expect(page.getByText(t("spam.moved"))).toBeVisible();
  await expect(item).toHaveCount(0);
  await page
    .getByTestId("inbox-folders")
    .getByRole("button", { name: t("folder.inbox") })
    .click();
  await expect(item).toBeVisible();
});
