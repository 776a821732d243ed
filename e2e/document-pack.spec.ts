import type { Browser, Page } from "@playwright/test";
import type { ProductDocument } from "@shared/documents";
import type { Category } from "@shared/schemas/category";
import type { ContactSubmission } from "@shared/schemas/contact";
import type { Product } from "@shared/schemas/product";
import { DOCUMENT_PACK_TEXTS } from "../app/features/document-pack/site/texts";
import { FINDER_SITE_TEXTS } from "../app/features/finder/site/texts";
import { translate } from "../app/i18n/texts";
import { makePdf } from "../test/pdf";
import { openAdmin } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, receivedMails, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";
import { uniqueSlug } from "./site-helpers";

/**
 * A document pack (decision 0125): a buyer filters the finder and adds three documents of two products (two from a
 * finder card, one from a product page), sends one request; the sales side
 * approves two; the buyer opens the mail's link and downloads them. With and without JavaScript, 375 and 1280 px, fr/en.
 */
type Lang = "fr" | "en";
const t = (lang: Lang, key: Parameters<typeof translate<typeof DOCUMENT_PACK_TEXTS>>[2], params?: Record<string, string | number>) =>
  translate(DOCUMENT_PACK_TEXTS, lang, key, params);
const ft = (lang: Lang, key: Parameters<typeof translate<typeof FINDER_SITE_TEXTS>>[2], params?: Record<string, string | number>) =>
  translate(FINDER_SITE_TEXTS, lang, key, params);

type Setup = { category: Category; ulva: Product; codium: Product; docs: ProductDocument[] };
let setup: Setup | undefined;

async function uploadDocument(api: Api, productId: string, kind: string, language: string, visibility: string) {
  const response = await api.context.post(`/api/products/${productId}/documents`, {
    multipart: {
      file: { name: `${kind}.pdf`, mimeType: "application/pdf", buffer: await makePdf(`${kind} ${productId}`) },
      kind,
      language,
      visibility,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ProductDocument;
}

async function catalogue(api: Api): Promise<Setup> {
  if (setup) return setup;
  const category = await api.post<Category>("/api/categories", { slug: uniqueSlug("pack-cat"), nameFr: "Algues", nameEn: "Seaweed" });
  const product = (nameFr: string, nameEn: string) =>
    api.post<Product>("/api/products", {
      slug: uniqueSlug("pack"),
      nameFr,
      nameEn,
      shortDescriptionFr: "Une algue",
      shortDescriptionEn: "An alga",
      mainImageUrl: "/uploads/algues/main.webp",
      categoryId: category._id,
      isActive: true,
      contentBlocks: [],
    });
  const ulva = await product("Ulva séchée", "Dried Ulva");
  const codium = await product("Codium fragile", "Codium fragile");
  const docs = [
    await uploadDocument(api, ulva._id, "tds", "fr", "public"),
    await uploadDocument(api, ulva._id, "sds", "en", "on_request"),
    await uploadDocument(api, codium._id, "coa", "both", "on_request"),
  ];
  setup = { category, ulva, codium, docs };
  return setup;
}

const localized = (path: string, lang: Lang) => (lang === "en" ? `${path}${path.includes("?") ? "&" : "?"}lang=en` : path);

/** The sales side approves the first two documents in the inbox (the back office always runs with JavaScript). */
async function approveTwo(browser: Browser, baseURL: string, messageId: string, lang: Lang, width: number) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true, viewport: { width, height: 900 } });
  const admin = await context.newPage();
  await openAdmin(admin, `/admin/contacts?message=${messageId}`);
  const section = admin.getByRole("region", { name: "Documents demandés" });
  await expect(section.getByTestId("pack-request-item")).toHaveCount(3);
  // The last one is not sent.
  await section.getByRole("checkbox").nth(2).uncheck();
  await keepScreenshot(admin, "site-screens", `pack-admin-ticket-${lang}-${width}.png`);
  await section.getByRole("button", { name: "Envoyer la sélection" }).click();
  await expect(section.getByText("Approuvé", { exact: true })).toHaveCount(2);
  await expect(section.getByText("Demandé", { exact: true })).toHaveCount(1);
  await expect(section.getByText(/Lien envoyé le/)).toBeVisible();
  await expectNoAxeViolations(admin);
  await context.close();
}

async function journey(page: Page, api: Api, browser: Browser, baseURL: string, lang: Lang, width: number, js: boolean) {
  // The whole journey: two sides, a mail, downloads and a revocation.
  test.setTimeout(180_000);
  const { category, ulva, codium, docs } = await catalogue(api);
  await page.setViewportSize({ width, height: 900 });
  const tag = `${lang}-${width}-${js ? "js" : "nojs"}`;
  const email = `pack-${tag}-${Date.now().toString(36)}@example.com`;

  // The buyer filters the finder to the range, adds Ulva's two documents from its card, then Codium's from its page.
  await page.goto(localized(`/products?category=${category.slug}`, lang));
  await expect(page.getByText(ft(lang, "count", { count: 2 }), { exact: true })).toBeVisible();
  await keepScreenshot(page, "site-screens", `pack-finder-${tag}.png`);
  if (js) await expectNoAxeViolations(page);
  const ulvaName = lang === "fr" ? ulva.nameFr : ulva.nameEn;
  await page.getByRole("button", { name: ft(lang, "pack.addLabel", { count: 2, name: ulvaName }) }).click();
  await expect(page).toHaveURL(localized("/document-pack", lang));
  await expect(page.getByTestId("pack-item")).toHaveCount(2);
  await page.goto(localized(`/product/${codium.slug}`, lang));
  await keepScreenshot(page, "site-screens", `pack-product-${tag}.png`);
  await page
    .getByRole("button", { name: new RegExp(`^${t(lang, "addLabel", { name: "" }).split(" ")[0]}`) })
    .first()
    .click();
  await expect(page.getByTestId("pack-item")).toHaveCount(3);
  await expect(page.getByTestId("pack-count")).toHaveText(t(lang, "count", { count: 3 }));
  await keepScreenshot(page, "site-screens", `pack-form-${tag}.png`);
  // Axe runs in the page: with JavaScript only (the markup is the same without).
  if (js) await expectNoAxeViolations(page);

  // Sent without a name: the error is shown, the pack is kept.
  await page.getByLabel(t(lang, "email")).fill(email);
  await page.getByRole("button", { name: t(lang, "send") }).click();
  await expect(page.getByText(t(lang, "error.required"))).toBeVisible();
  await expect(page.getByTestId("pack-item")).toHaveCount(3);
  await page.getByLabel(t(lang, "fullName")).fill("Amira Ben Salah");
  await page.getByRole("button", { name: t(lang, "send") }).click();
  await expect(page).toHaveURL(/\/contact\/merci\?t=/);
  await expect(page.getByTestId("request-summary")).toBeVisible();
  // The pack is emptied once sent.
  await page.goto(localized("/document-pack", lang));
  await expect(page.getByText(t(lang, "empty"))).toBeVisible();

  const messages = await api.get<ContactSubmission[]>("/api/contact/submissions?requestType=documents&limit=50");
  const message = messages.find((m) => m.email === email);
  expect(message).toBeDefined();
  await approveTwo(browser, baseURL, message?._id ?? "", lang, width);

  const subject = lang === "fr" ? "Vos documents sont prêts" : "Your documents are ready";
  await expect.poll(() => receivedMails().some((m) => m.envelopeTo.includes(email) && m.subject.startsWith(subject))).toBe(true);
  const mail = receivedMails().find((m) => m.envelopeTo.includes(email) && m.subject.startsWith(subject));
  const link = /https?:\/\/[^\s]+\/document-pack\/[A-Za-z0-9_-]{43}(\?lang=en)?/.exec(mail?.text ?? "")?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(new URL(link).pathname + new URL(link).search);
  const files = page.getByTestId("pack-file");
  await expect(files).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "link.title"));
  await keepScreenshot(page, "site-screens", `pack-link-${tag}.png`);
  if (js) await expectNoAxeViolations(page);
  for (const index of [0, 1]) {
    const download = page.waitForEvent("download");
    await files.nth(index).getByRole("link").click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  }
  expect(docs).toHaveLength(3);

  // Revoked: the same link answers 410 in the buyer's language and offers to ask again, which rebuilds the pack.
  await api.post(`/api/contact/${message?._id}/documents/revoke`);
  const gone = await page.goto(new URL(link).pathname + new URL(link).search);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "gone.title"));
  await keepScreenshot(page, "site-screens", `pack-gone-${tag}.png`);
  if (js) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: t(lang, "gone.again") }).click();
  await expect(page.getByTestId("pack-item")).toHaveCount(3);
}

test.describe("document pack, with JavaScript", () => {
  for (const [lang, width] of [
    ["fr", 375],
    ["en", 1280],
  ] as const)
    test(`${lang} at ${width} px: three documents of two products, two approved, downloaded from the mail's link`, async ({
      page,
      api,
      browser,
      baseURL,
    }) => {
      await journey(page, api, browser, baseURL ?? "", lang, width, true);
    });
});

test.describe("document pack, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const [lang, width] of [
    ["en", 375],
    ["fr", 1280],
  ] as const)
    test(`${lang} at ${width} px: three documents of two products, two approved, downloaded from the mail's link`, async ({
      page,
      api,
      browser,
      baseURL,
    }) => {
      await journey(page, api, browser, baseURL ?? "", lang, width, false);
    });

  test("an unknown link answers 404 and says only that it matches no request", async ({ page }) => {
    const response = await page.goto("/document-pack/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "missing.title"));
  });
});
