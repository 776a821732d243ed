import type { Certification } from "@shared/schemas/certification";
import type { Product, ProductInput } from "@shared/schemas/product";
import { specSheetPath } from "@shared/spec-sheets";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct } from "../../test/catalogue";
import { createTestContext, type TestContext } from "../../test/test-app";
import { checkPdf } from "../services/pdf-check";
import { SPEC_SHEET_CACHE } from "./spec-sheets";

/** Spec sheets and the catalogue PDF (decision 0126), on PGlite, or PostgreSQL with TEST_DATABASE_URL. */
let ctx: TestContext;
let product: Product;
let certification: Certification;
let expired: Certification;

/** Every text of the PDF as a reader extracts it, whitespace (the narrow spaces of French numbers too) as one space. */
async function textOf(bytes: Buffer): Promise<{ text: string; pages: string[] }> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(flat(content.items.map((item) => ("str" in item ? item.str : "")).join(" ")));
  }
  await task.destroy();
  return { text: pages.join(" "), pages };
}
/** pdf.js gives compatibility forms (µ as μ): both sides are compared in NFKC. */
const flat = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });

async function pdfAt(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  return { response, bytes: response.rawPayload, ...(await textOf(response.rawPayload)) };
}

const TABLE = {
  fr: {
    headers: ["Paramètre", "Valeur", "Méthode"],
    rows: [
      ["Humidité", "≤ 12 %", "Étuve à 105 °C"],
      ["Force du gel (1,5 %)", "≥ 700 g/cm²", "Nikan-Sui"],
      ["Granulométrie", "90 % < 250 µm", "Tamisage « à sec » – norme interne"],
      ["Prix indicatif", "12 € le kg — hors taxes", "Cœur de lot, d’après l’œuvre"],
    ],
  },
  en: {
    headers: ["Parameter", "Value", "Method"],
    rows: [
      ["Moisture", "≤ 12%", "Oven at 105 °C"],
      ["Gel strength (1.5%)", "≥ 700 g/cm²", "Nikan-Sui"],
      ["Particle size", "90% < 250 µm", "Dry sieving – in-house method"],
      ["Indicative price", "€12 per kg — excluding tax", "Batch core"],
    ],
  },
};

const FACTS = {
  inciName: "Gracilaria Gracilis Powder",
  casNumbers: "9002-18-0",
  botanicalName: "Gracilaria gracilis (Stackhouse) Steentoft",
  originFr: "Lagune de Bizerte, Tunisie",
  originEn: "Bizerte lagoon, Tunisia",
  formFr: "Poudre séchée",
  formEn: "Dried powder",
  packagingFr: "Sacs de 25 kg",
  packagingEn: "",
  storageFr: "Au sec, sous 25 °C",
  storageEn: "Dry, below 25 °C",
  moqQuantity: 1500,
  moqUnit: "kg",
  shelfLifeMonths: 24,
} satisfies Partial<ProductInput>;

/** Texts of the product input in one language, to compare with what the sheet prints. */
const EXPECTED = {
  fr: {
    name: "Gracilaria gracilis en poudre",
    facts: [
      ["Nom INCI", FACTS.inciName],
      ["Numéro CAS", FACTS.casNumbers],
      ["Nom botanique", FACTS.botanicalName],
      ["Origine", FACTS.originFr],
      ["Forme", FACTS.formFr],
      ["Conditionnement", FACTS.packagingFr],
      ["Quantité minimale de commande", "1 500 kg"],
      ["Durée de conservation", "24 mois"],
      ["Conditions de stockage", FACTS.storageFr],
    ],
    regulatory: ["Informations réglementaires", "Allergènes", "Aucun allergène à déclarer."],
    certification: ["Certifications", "Agriculture biologique", "Organisme certificateur : Ecocert"],
  },
  en: {
    name: "Powdered Gracilaria gracilis",
    facts: [
      ["INCI name", FACTS.inciName],
      ["CAS number", FACTS.casNumbers],
      ["Botanical name", FACTS.botanicalName],
      ["Origin", FACTS.originEn],
      ["Form", FACTS.formEn],
      // Empty in English: the French text, as on the page.
      ["Packaging", FACTS.packagingFr],
      ["Minimum order quantity", "1,500 kg"],
      ["Shelf life", "24 months"],
      ["Storage conditions", FACTS.storageEn],
    ],
    regulatory: ["Regulatory information", "Allergens", "No allergen to declare."],
    certification: ["Certifications", "Organic farming", "Certifying body: Ecocert"],
  },
} as const;

async function createCertification(overrides: Record<string, unknown>): Promise<Certification> {
  const response = await ctx.call("POST", "/certifications", {
    nameFr: "Agriculture biologique",
    nameEn: "Organic farming",
    certifyingBody: "Ecocert",
    verificationUrl: "",
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Certification>();
}

function productInput(overrides: Partial<ProductInput> = {}): Partial<ProductInput> {
  return {
    slug: "gracilaria-poudre",
    nameFr: EXPECTED.fr.name,
    nameEn: EXPECTED.en.name,
    shortDescriptionFr: "Algue rouge récoltée à la main dans la lagune de Bizerte.",
    shortDescriptionEn: "Red alga hand-harvested in the Bizerte lagoon.",
    ...FACTS,
    allergenStatementFr: "Aucun allergène à déclarer.",
    allergenStatementEn: "No allergen to declare.",
    certificationIds: [certification._id, expired._id],
    contentBlocks: [{ type: "table", contentFr: "Spécifications", contentEn: "Specifications", tableData: TABLE }],
    ...overrides,
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
  certification = await createCertification({ validUntil: "2099-12-31" });
  expired = await createCertification({ nameFr: "Halal périmé", nameEn: "Lapsed halal", validUntil: "2001-01-01" });
  product = await createTestProduct(ctx, productInput());
});

afterAll(async () => {
  await ctx?.close();
});

describe("product spec sheet PDF", () => {
  it.each(["fr", "en"] as const)(
    "prints in %s the company, the product, each shown fact, each table cell, the regulatory rows, the valid certifications and its version",
    async (lang) => {
      const { bytes, text, response } = await pdfAt(`${specSheetPath(product.slug)}${lang === "en" ? "?lang=en" : ""}`);
      const expected = EXPECTED[lang];
      expect(text).toContain("Marine Algae of Tunisia");
      expect(text).toContain(expected.name);
      expect(text).toContain(flat(lang === "fr" ? "Algue rouge récoltée à la main" : "Red alga hand-harvested"));
      for (const [label, value] of expected.facts) {
        expect(text, label).toContain(flat(label));
        expect(text, label).toContain(flat(value));
      }
      for (const cell of [TABLE[lang].headers, ...TABLE[lang].rows].flat()) expect(text, cell).toContain(flat(cell));
      for (const line of expected.regulatory) expect(text).toContain(line);
      for (const line of expected.certification) expect(text).toContain(line);
      expect(text).not.toContain(lang === "fr" ? "Halal périmé" : "Lapsed halal");
      expect(text).toContain(`Version ${product.version} —`);
      expect(text).toContain(`/product/${product.slug}`);
      expect(text).toMatch(/Page 1 \/ \d/);
      // The project's own checks of uploaded PDFs accept it.
      await expect(checkPdf(bytes)).resolves.toMatchObject({ pages: expect.any(Number) });
      expect(response.headers["cache-control"]).toBe(SPEC_SHEET_CACHE);
      expect(response.headers["content-disposition"]).toBe(
        `inline; filename="${product.slug}-${lang === "fr" ? "fiche-produit" : "product-sheet"}-${lang}.pdf"`,
      );
    },
  );

  it("answers 304 to a revalidation of the same sheet, and a new sheet with the new version once the product changes", async () => {
    const first = await pdfAt(`/product/${product.slug}/spec-sheet.pdf`);
    const etag = String(first.response.headers.etag);
    expect((await get(`/product/${product.slug}/spec-sheet.pdf`, { "if-none-match": etag })).statusCode).toBe(304);

    const updated = await ctx.call("PUT", `/products/${product._id}`, {
      ...productInput({ nameFr: "Gracilaria gracilis, poudre fine", categoryId: product.categoryId, mainImageUrl: product.mainImageUrl }),
      isActive: true,
      version: product.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    product = updated.json<Product>();
    const second = await get(`/product/${product.slug}/spec-sheet.pdf`, { "if-none-match": etag });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(etag);
    const { text } = await textOf(second.rawPayload);
    expect(text).toContain("Gracilaria gracilis, poudre fine");
    expect(text).toContain(`Version ${product.version} —`);
    expect(first.text).not.toContain(`Version ${product.version} —`);
  });

  it("answers 404 for an unknown, inactive or not yet published product, and 400 for an unknown language", async () => {
    const inactive = await createTestProduct(ctx, { isActive: false });
    const scheduled = await createTestProduct(ctx, { publishAt: "2099-01-01T00:00:00.000Z" });
    for (const slug of ["no-such-product", inactive.slug, scheduled.slug]) {
      const response = await get(`/product/${slug}/spec-sheet.pdf`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found" });
    }
    expect((await get(`/product/${product.slug}/spec-sheet.pdf?lang=de`)).statusCode).toBe(400);
  });

  it("repeats the table's header on every page a long table continues on", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Lot ${i + 1}`, `${i} %`, "Méthode interne"]);
    const long = await createTestProduct(ctx, {
      contentBlocks: [
        {
          type: "table",
          contentFr: "Analyses",
          contentEn: "Analyses",
          tableData: { fr: { headers: ["Lot", "Teneur", "Méthode"], rows }, en: { headers: ["Batch", "Content", "Method"], rows } },
        },
      ],
    });
    const { pages, text } = await pdfAt(`/product/${long.slug}/spec-sheet.pdf`);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain("Lot Teneur Méthode");
    for (const [lot] of rows) expect(text).toContain(`${lot} `);
  });
});

describe("catalogue PDF", () => {
  it("lists every published product by category with a contents page, and no inactive one", async () => {
    const others = await Promise.all([createTestProduct(ctx), createTestProduct(ctx)]);
    const hidden = await createTestProduct(ctx, { isActive: false, nameFr: "Produit caché", nameEn: "Hidden product" });
    const { text, pages, bytes } = await pdfAt("/catalogue.pdf");
    expect(pages[1]).toContain("Sommaire");
    for (const shown of [product, ...others]) expect(text).toContain(shown.nameFr);
    expect(text).not.toContain(hidden.nameFr);
    expect(text).toContain("Catégorie");
    expect(text).toContain(EXPECTED.fr.facts[0][1]);
    await expect(checkPdf(bytes)).resolves.toMatchObject({ pages: pages.length });

    const english = await pdfAt("/catalogue.pdf?lang=en");
    expect(english.pages[1]).toContain("Contents");
    for (const shown of [product, ...others]) expect(english.text).toContain(shown.nameEn);
  });
});
