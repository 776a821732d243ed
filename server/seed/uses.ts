import type { RegulatoryFactsInput } from "@shared/regulatory-facts";
import { applicationInputSchema, functionInputSchema } from "@shared/resources/uses";
import type { Db } from "../db/client";
import { applications, functions, productApplications, productFunctions } from "../db/schema/index";

/** The demo's applications (decision 0124), in their order, and the demo products (by slug) that serve them. */
const DEMO_APPLICATIONS = [
  { slug: "food", nameFr: "Alimentaire", nameEn: "Food", products: ["ulva-lactuca", "gracilaria-gracilis", "salicorne", "criste-marine"] },
  {
    slug: "cosmetics",
    nameFr: "Cosmétique",
    nameEn: "Cosmetics",
    products: [
      "ulva-lactuca",
      "gracilaria-gracilis",
      "sargassum-vulgare",
      "criste-marine",
      "lentisque-feuilles",
      "extrait-ulvane",
      "extrait-antioxydant-lentisque",
      "extrait-fucoidane",
    ],
  },
  {
    slug: "nutraceutical",
    nameFr: "Nutraceutique",
    nameEn: "Nutraceuticals",
    products: ["salicorne", "lentisque-feuilles", "extrait-antioxydant-lentisque", "extrait-fucoidane"],
  },
  { slug: "feed", nameFr: "Alimentation animale", nameEn: "Animal feed", products: ["ulva-lactuca", "sargassum-vulgare"] },
  { slug: "agriculture", nameFr: "Agriculture", nameEn: "Agriculture", products: ["ulva-lactuca", "sargassum-vulgare", "extrait-ulvane"] },
];

/** The demo's functions, in their order, and the demo products that fill them. */
const DEMO_FUNCTIONS = [
  { slug: "gelling-agent", nameFr: "Agent gélifiant", nameEn: "Gelling agent", products: ["gracilaria-gracilis"] },
  { slug: "thickener", nameFr: "Épaississant", nameEn: "Thickener", products: ["gracilaria-gracilis", "sargassum-vulgare"] },
  { slug: "humectant", nameFr: "Humectant", nameEn: "Humectant", products: ["extrait-ulvane"] },
  {
    slug: "antioxidant",
    nameFr: "Antioxydant",
    nameEn: "Antioxidant",
    products: ["salicorne", "criste-marine", "lentisque-feuilles", "extrait-antioxydant-lentisque", "extrait-fucoidane"],
  },
  {
    slug: "biostimulant",
    nameFr: "Biostimulant",
    nameEn: "Biostimulant",
    products: ["ulva-lactuca", "sargassum-vulgare", "extrait-ulvane"],
  },
  { slug: "emulsifier", nameFr: "Émulsifiant", nameEn: "Emulsifier", products: ["sargassum-vulgare"] },
  {
    slug: "moisturising-agent",
    nameFr: "Agent hydratant",
    nameEn: "Moisturising agent",
    products: ["ulva-lactuca", "criste-marine", "extrait-ulvane", "extrait-fucoidane"],
  },
  { slug: "film-former", nameFr: "Agent filmogène", nameEn: "Film former", products: ["extrait-ulvane", "extrait-fucoidane"] },
];

const NO_ALLERGEN = {
  allergenStatementFr: "Ne contient aucun des 14 allergènes majeurs de l'annexe II du règlement (UE) n° 1169/2011.",
  allergenStatementEn: "Contains none of the 14 major allergens of Annex II of Regulation (EU) No 1169/2011.",
};
const NO_GMO = {
  gmoStatementFr: "Sans OGM : ni issu d'OGM ni produit à partir d'OGM (règlements (CE) n° 1829/2003 et 1830/2003).",
  gmoStatementEn: "GMO-free: neither from nor produced from GMOs (Regulations (EC) No 1829/2003 and 1830/2003).",
};
const NAGOYA_TN = {
  nagoyaStatementFr:
    "Ressource récoltée en Tunisie, partie au Protocole de Nagoya ; l'accès et le partage des avantages suivent la réglementation tunisienne.",
  nagoyaStatementEn:
    "Resource harvested in Tunisia, a Party to the Nagoya Protocol; access and benefit-sharing follow Tunisian regulations.",
};
const TUNISIAN = { harvestCountry: "TN", ...NO_ALLERGEN, ...NO_GMO, ...NAGOYA_TN };

/** Regulatory facts of the demo products, by slug: every one harvested in Tunisia. */
export const DEMO_REGULATORY_FACTS: Record<string, RegulatoryFactsInput> = {
  "ulva-lactuca": { ...TUNISIAN, naturalOriginIndex: 1 },
  "gracilaria-gracilis": { ...TUNISIAN, eNumber: "E406", eNumberStatus: "authorised", naturalOriginIndex: 1 },
  "sargassum-vulgare": { ...TUNISIAN, naturalOriginIndex: 1 },
  salicorne: { ...TUNISIAN, sampleAvailable: false },
  "criste-marine": { ...TUNISIAN, naturalOriginIndex: 1 },
  "lentisque-feuilles": { ...TUNISIAN, cosmosStatus: "cosmos_approved", naturalOriginIndex: 1 },
  "extrait-ulvane": { ...TUNISIAN, cosmosStatus: "cosmos_approved", naturalOriginIndex: 0.98 },
  "extrait-antioxydant-lentisque": { ...TUNISIAN, cosmosStatus: "cosmos_certified", naturalOriginIndex: 0.95 },
  "extrait-fucoidane": { ...TUNISIAN, cosmosStatus: "cosmos_approved", naturalOriginIndex: 0.99 },
};

/** Gives each demo product its regulatory facts (in place). */
export function addDemoRegulatoryFacts(products: { slug: string }[]): void {
  for (const product of products) Object.assign(product, DEMO_REGULATORY_FACTS[product.slug]);
}

/** The demo lists, each item through the API's schema, attached to the demo products they name, in the list's order. */
export async function seedDemoUses(tx: Db, seeded: { _id: string; slug: string }[]): Promise<void> {
  const productIds = new Map(seeded.map((product) => [product.slug, product._id]));
  for (const [position, { products: slugs, ...item }] of DEMO_APPLICATIONS.entries()) {
    const { version: _version, ...row } = applicationInputSchema.parse({ ...item, position: (position + 1) * 10 });
    const [inserted] = await tx.insert(applications).values(row).returning({ _id: applications._id });
    if (!inserted) continue;
    const links = slugs.flatMap((slug) => {
      const productId = productIds.get(slug);
      return productId ? [{ productId, applicationId: inserted._id, position }] : [];
    });
    if (links.length > 0) await tx.insert(productApplications).values(links);
  }
  for (const [position, { products: slugs, ...item }] of DEMO_FUNCTIONS.entries()) {
    const { version: _version, ...row } = functionInputSchema.parse({ ...item, position: (position + 1) * 10 });
    const [inserted] = await tx.insert(functions).values(row).returning({ _id: functions._id });
    if (!inserted) continue;
    const links = slugs.flatMap((slug) => {
      const productId = productIds.get(slug);
      return productId ? [{ productId, functionId: inserted._id, position }] : [];
    });
    if (links.length > 0) await tx.insert(productFunctions).values(links);
  }
}
