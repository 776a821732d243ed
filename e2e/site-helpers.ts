import type { Page } from "@playwright/test";
import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import sharp from "sharp";
import { SEARCH_SITE_TEXTS } from "../app/features/search/site/texts";
import { SITE_TEXTS } from "../app/i18n/site";
import { translate } from "../app/i18n/texts";
import { type Api, expect, test } from "./fixtures";

/**
 * The public pages' variants, JavaScript on or off, at 375 or 1280 px, in French or English: each value, and each pair
 * of values, once (a pairwise set). The flows are the same code in every combination; all eight of them cost the
 * browser suite its CPU on two cores (decision 0134).
 */
export const PAIRWISE = [
  [true, 375, "fr"],
  [true, 1280, "en"],
  [false, 375, "en"],
  [false, 1280, "fr"],
] as const;

/** A slug nobody else uses in this run. */
export const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

export type Uploaded = { url: string; width: number; height: number };

/** Draws a real image with sharp and uploads it through the upload API (as the admin). */
export async function uploadImage(api: Api, { width, height, color }: { width: number; height: number; color: string }): Promise<Uploaded> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff" fill-opacity=".35"/><text x="20" y="60" font-size="40" fill="#fff">${Math.random().toString(36).slice(2, 8)}</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const response = await api.context.post("/api/upload/image?folder=algues", {
    multipart: { image: { name: "test.png", mimeType: "image/png", buffer: png } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Uploaded;
}

export type Catalogue = { category: Category; product: Product; similar: Product; image: Uploaded };

/** A category with two active products; the first carries one content block of every type. */
export async function createCatalogue(api: Api): Promise<Catalogue> {
  const image = await uploadImage(api, { width: 1200, height: 900, color: "#2B7A9B" });
  const category = await api.post<Category>("/api/categories", {
    slug: uniqueSlug("e2e-cat"),
    nameFr: `Catégorie test ${uniqueSlug("fr")}`,
    nameEn: `Test category ${uniqueSlug("en")}`,
    descriptionFr: "Description française de la catégorie de test.",
    descriptionEn: "English description of the test category.",
    coverImageUrl: image.url,
  });
  const base = (suffix: string): ProductInput => ({
    slug: uniqueSlug(`e2e-prod-${suffix}`),
    nameFr: `Produit ${suffix} ${uniqueSlug("fr")}`,
    nameEn: `Product ${suffix} ${uniqueSlug("en")}`,
    shortDescriptionFr: `Description courte du produit ${suffix}.`,
    shortDescriptionEn: `Short description of product ${suffix}.`,
    mainImageUrl: image.url,
    categoryId: category._id,
    isActive: true,
    contentBlocks: [],
  });
  const product = await api.post<Product>("/api/products", {
    ...base("main"),
    contentBlocks: [
      { type: "text", contentFr: "Premier bloc de texte en français.", contentEn: "First text block in English." },
      { type: "image", imageUrl: image.url, contentFr: "Légende de l'image", contentEn: "Image caption" },
      { type: "text-image", imageUrl: image.url, contentFr: "Texte à côté de l'image.", contentEn: "Text beside the image." },
      {
        type: "table",
        contentFr: "Fiche technique",
        contentEn: "Data sheet",
        tableData: {
          fr: { headers: ["Paramètre", "Valeur"], rows: [["Humidité", "≤ 12 %"]] },
          en: { headers: ["Parameter", "Value"], rows: [["Moisture", "≤ 12%"]] },
        },
      },
    ],
  });
  const similar = await api.post<Product>("/api/products", base("similar"));
  return { category, product, similar, image };
}

/** Deletes what createCatalogue made, so the navigation does not grow with test categories. */
export async function removeCatalogue(api: Api, catalogue: Catalogue | undefined): Promise<void> {
  if (!catalogue) return;
  await api.delete(`/api/products/${catalogue.product._id}`);
  await api.delete(`/api/products/${catalogue.similar._id}`);
  await api.delete(`/api/categories/${catalogue.category._id}`);
}

/** Creates a catalogue before the spec file's tests and removes it after them; the getter gives it to each test. */
export function catalogueForThisFile(): () => Catalogue {
  let catalogue: Catalogue | undefined;
  test.beforeAll(async ({ api }) => {
    catalogue = await createCatalogue(api);
  });
  test.afterAll(async ({ api }) => {
    await removeCatalogue(api, catalogue);
  });
  return () => {
    if (!catalogue) throw new Error("catalogue not created");
    return catalogue;
  };
}

/** Opens the search from the header: the field on wide screens, the icon link then the page's own field on phones. */
export async function searchFromHeader(page: Page, words: string, lang: "fr" | "en" = "fr") {
  const header = page.getByRole("banner");
  const field = header.getByRole("searchbox", { name: translate(SITE_TEXTS, lang, "search.label") });
  if (await field.isVisible()) {
    await field.fill(words);
    await field.press("Enter");
  } else {
    await header.getByRole("link", { name: translate(SITE_TEXTS, lang, "search.link") }).click();
    await page.waitForURL(/\/search/);
    const own = page.getByRole("main").getByRole("searchbox", { name: translate(SEARCH_SITE_TEXTS, lang, "label") });
    await own.fill(words);
    await own.press("Enter");
  }
  await page.waitForURL(/\/search\?/);
}

/**
 * Publishes (or takes off the site) the legal notice and the privacy policy: they start unpublished, drafts with
 * bracketed texts (migration 0028), so a test of the site's links to them publishes them first.
 */
export async function setLegalPages(api: Api, isActive: boolean): Promise<{ _id: string; key: string | null }[]> {
  const pages = await api.get<{ _id: string; key: string | null }[]>("/api/pages?limit=100");
  const legal = pages.filter((page) => page.key === "legal-notice" || page.key === "privacy-policy");
  for (const page of legal) await api.patch(`/api/pages/${page._id}`, { isActive });
  return legal;
}
