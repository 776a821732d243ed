import type { Page } from "@playwright/test";
import { REQUEST_TYPE_NAMES } from "@shared/quote-request";
import type { ContactSubmission } from "@shared/schemas/contact";
import { PRODUCT_SITE_TEXTS } from "../app/features/catalogue/site/texts";
import { INBOX_TEXTS } from "../app/features/inbox/admin/texts";
import { CONTACT_SITE_TEXTS } from "../app/features/inbox/site/texts";
import { translate } from "../app/i18n/texts";
import { openAdmin } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";
import { PAIRWISE, uniqueSlug } from "./site-helpers";

/**
 * Sample and quote requests (decisions 0108, 0117): from a product page's request button to the confirmation page and
 * the inbox, with JavaScript on and off, in French and English.
 */
type Card = { slug: string; nameFr: string; nameEn: string };
type Lang = "fr" | "en";
const say = (lang: Lang, key: Parameters<typeof translate<typeof CONTACT_SITE_TEXTS>>[2]) => translate(CONTACT_SITE_TEXTS, lang, key);
const fr = (key: Parameters<typeof translate<typeof CONTACT_SITE_TEXTS>>[2]) => say("fr", key);

async function someProduct(api: Api): Promise<Card> {
  const [card] = await api.get<Card[]>("/api/products?limit=1");
  if (!card) throw new Error("the demo catalogue has no product");
  return card;
}

/**
 * Opens the product page, follows its "request a sample" button and sends the request as a buyer would: the type and
 * product are chosen, the structured part comes first, subject and message are left empty. Ends on the confirmation page.
 */
async function askForSample(page: Page, product: Card, fullName: string, { lang = "fr" as Lang, axe = true } = {}): Promise<void> {
  const t = (key: Parameters<typeof say>[1]) => say(lang, key);
  await page.goto(`/product/${product.slug}${lang === "en" ? "?lang=en" : ""}`);
  await page.getByRole("link", { name: translate(PRODUCT_SITE_TEXTS, lang, "sample") }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?product=${product.slug}&type=sample`));
  const request = page.getByRole("group", { name: t("request.legend") });
  await expect(request).toContainText(lang === "en" ? product.nameEn : product.nameFr);
  await expect(request.getByLabel(t("request.type"))).toHaveValue("sample");
  // The request comes before the sender's details and the free text.
  const order = await page
    .locator("form[data-contact-form]")
    .evaluate((form) =>
      ["requestType", "fullName", "subject", "message"].map((name) =>
        [...form.querySelectorAll("[name]")].findIndex((el) => el.getAttribute("name") === name),
      ),
    );
  expect(order).toEqual([...order].sort((a, b) => a - b));
  // axe runs in the page: only with JavaScript (the same markup is checked by the JavaScript runs).
  if (axe) await expectNoAxeViolations(page);
  await request.getByLabel(t("request.application")).selectOption("cosmetics");
  await request.getByRole("textbox", { name: t("request.quantity") }).fill("2");
  await request.getByLabel(t("request.country")).selectOption("FR");
  await request.getByLabel(t("request.company")).fill("Laboratoires Azur");
  await page.getByLabel(t("fullName")).fill(fullName);
  await page.getByLabel(t("emailField")).fill("buyer.sample@example.com");
  await page.getByRole("button", { name: t("submit") }).click();
  await expect(page).toHaveURL(/\/contact\/merci\?/);
}

/** The confirmation page's summary: the ticket number and the request, in the page's language. */
async function expectSummary(page: Page, product: Card, lang: Lang, ref: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(say(lang, "sent.title"));
  const summary = page.getByTestId("request-summary");
  await expect(summary).toContainText(`#${ref}`);
  await expect(summary).toContainText(REQUEST_TYPE_NAMES.sample[lang]);
  await expect(summary).toContainText(lang === "en" ? product.nameEn : product.nameFr);
  await expect(summary).toContainText("2 kg");
  // What the buyer typed about themselves is not repeated.
  await expect(summary).not.toContainText("Azur");
}

async function expectStored(api: Api, product: Card, fullName: string, lang: Lang = "fr"): Promise<ContactSubmission> {
  const received = (await api.get<ContactSubmission[]>("/api/contact/submissions?requestType=sample")).filter(
    (m) => m.fullName === fullName,
  );
  // Sent once: neither the redirect nor a reload sends it again.
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({
    productName: lang === "en" ? product.nameEn : product.nameFr,
    subject: `${lang === "en" ? "Sample request" : "Demande d'échantillon"} — ${lang === "en" ? product.nameEn : product.nameFr}`,
    message: "",
    requestType: "sample",
    application: "cosmetics",
    quantity: 2,
    quantityUnit: "kg",
    country: "FR",
    company: "Laboratoires Azur",
    spam: false,
  });
  return received[0] as ContactSubmission;
}

// Each width, language and JavaScript setting, and each pair of them, once (PAIRWISE in e2e/site-helpers.ts).
for (const [javaScriptEnabled, width, lang] of PAIRWISE) {
  test.describe(`at ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

    test(`a buyer asks for a sample from a product page in ${lang} and keeps a confirmation page that a reload does not resend`, async ({
      page,
      api,
      browser,
    }) => {
      const product = await someProduct(api);
      const fullName = `Acheteur ${uniqueSlug(javaScriptEnabled ? "js" : "nojs")}`;
      await askForSample(page, product, fullName, { lang, axe: javaScriptEnabled });
      const stored = await expectStored(api, product, fullName, lang);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expectSummary(page, product, lang, stored.ref);
      // No toast over the header: the confirmation is the page.
      await expect(page.locator("[data-toast]")).toHaveCount(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.reload();
      await expectSummary(page, product, lang, stored.ref);
      await expectStored(api, product, fullName, lang);

      // Someone else, by the ticket number or an edited address, sees no summary.
      const other = await browser.newContext({ javaScriptEnabled });
      const stranger = await other.newPage();
      const token = new URL(page.url()).searchParams.get("t") ?? "";
      for (const address of [`/contact/merci?ref=${stored.ref}`, `/contact/merci?t=${token.slice(0, -2)}xx`, "/contact/merci"]) {
        await stranger.goto(new URL(address, page.url()).href);
        await expect(stranger.getByText(say("fr", "sent.noSummary"))).toBeVisible();
        await expect(stranger.getByTestId("request-summary")).toHaveCount(0);
        await expect(stranger.getByText(stored.ref)).toHaveCount(0);
      }
      await other.close();
    });
  });
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the administrator finds a buyer's request in the inbox by its product", async ({ page, api }) => {
    const product = await someProduct(api);
    const fullName = `Acheteur ${uniqueSlug("inbox")}`;
    await askForSample(page, product, fullName, { axe: false });
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

  test("a plain message from the menu, or a quote about no product, still needs its subject and message", async ({ page }) => {
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    await page.getByLabel(fr("fullName")).fill("Jane Doe");
    await page.getByLabel(fr("emailField")).fill("jane@example.com");
    await page.getByRole("button", { name: fr("submit") }).click();
    await expect(page.getByLabel(fr("subject"))).toHaveAccessibleDescription(fr("errors.required"));
    // Choosing a quote about no product keeps them required; the page stays.
    await page.getByLabel(fr("request.type")).selectOption("quote");
    await page.getByRole("button", { name: fr("submit") }).click();
    await expect(page.getByLabel(fr("subject"))).toHaveAttribute("aria-required", "true");
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("the phone list shows a compact code closed, and each country's name in its options", async ({ page }) => {
    await page.goto("/contact");
    const label = page.locator("[data-phone-label]");
    await expect(label).toHaveText("TN +216");
    await page.getByLabel(fr("phoneCode")).selectOption("+33");
    await expect(label).toHaveText("FR +33");
    await expect(page.getByLabel(fr("phoneCode")).locator("option[value='+216']")).toHaveText("TN +216 · Tunisie");
  });
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

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
  await page.getByTestId("inbox-folders").selectOption({ label: t("folder.spam") });
  await item.click();
  await expect(page.getByText(/bbcode-link/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: t("spam.notSpam") }).click();
  await expect(page.getByText(t("spam.moved"))).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.getByTestId("inbox-folders").selectOption({ label: t("folder.inbox") });
  await expect(item).toBeVisible();
});
