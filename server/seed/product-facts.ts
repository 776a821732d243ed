import type { ProductFactsInput } from "@shared/product-facts";

const BIZERTE = { originFr: "Bizerte, Tunisie", originEn: "Bizerte, Tunisia" };
const DRY_STORAGE = {
  storageFr: "Au sec, à l'abri de la lumière, sous 25 °C, sac refermé après usage",
  storageEn: "Dry, away from light, below 25 °C, bag closed after use",
};
const KRAFT_BAGS = { packagingFr: "Sacs kraft doublés PE de 20 kg", packagingEn: "20 kg PE-lined kraft bags" };
const EXTRACT_DRUMS = {
  packagingFr: "Sachets aluminium de 1 kg en fût carton de 10 kg",
  packagingEn: "1 kg aluminium pouches in a 10 kg fibre drum",
};

/**
 * Key facts of the demo products (decision 0110), by slug: real INCI names and CAS numbers where the substance has
 * one (agar 9002-18-0, sodium alginate 9005-38-3, fucoidan 9072-19-9), accepted botanical names, the company's
 * packaging and quantities.
 */
export const DEMO_FACTS: Record<string, ProductFactsInput> = {
  "ulva-lactuca": {
    inciName: "Ulva Lactuca Powder",
    botanicalName: "Ulva lactuca L.",
    originFr: "Lagune de Bizerte et Cap Zebib, Tunisie",
    originEn: "Bizerte lagoon and Cap Zebib, Tunisia",
    formFr: "Paillettes ou poudre fine (250 µm)",
    formEn: "Flakes or fine powder (250 µm)",
    ...KRAFT_BAGS,
    moqQuantity: 50,
    moqUnit: "kg",
    shelfLifeMonths: 24,
    ...DRY_STORAGE,
  },
  "gracilaria-gracilis": {
    inciName: "Gracilaria Gracilis Powder",
    casNumbers: "9002-18-0",
    botanicalName: "Gracilaria gracilis (Stackhouse) Steentoft, L.M.Irvine & Farnham",
    originFr: "Lagune de Bizerte (culture sur filières), Tunisie",
    originEn: "Bizerte lagoon (long-line culture), Tunisia",
    formFr: "Thalles séchés entiers ou broyés",
    formEn: "Whole or milled dried thalli",
    packagingFr: "Balles pressées de 25 kg",
    packagingEn: "25 kg pressed bales",
    moqQuantity: 1,
    moqUnit: "t",
    shelfLifeMonths: 24,
    ...DRY_STORAGE,
  },
  "sargassum-vulgare": {
    inciName: "Sargassum Vulgare Powder",
    casNumbers: "9005-38-3",
    botanicalName: "Sargassum vulgare C.Agardh",
    originFr: "Fonds rocheux entre Bizerte et Cap Zebib, Tunisie",
    originEn: "Rocky bottoms between Bizerte and Cap Zebib, Tunisia",
    formFr: "Thalles séchés broyés",
    formEn: "Milled dried thalli",
    ...KRAFT_BAGS,
    moqQuantity: 100,
    moqUnit: "kg",
    shelfLifeMonths: 24,
    ...DRY_STORAGE,
  },
  salicorne: {
    inciName: "Salicornia Europaea Powder",
    botanicalName: "Salicornia europaea L.",
    originFr: "Prés salés de la lagune de Bizerte, Tunisie",
    originEn: "Salt meadows of the Bizerte lagoon, Tunisia",
    formFr: "Tiges séchées ou poudre",
    formEn: "Dried stems or powder",
    packagingFr: "Sacs kraft doublés PE de 10 kg",
    packagingEn: "10 kg PE-lined kraft bags",
    moqQuantity: 25,
    moqUnit: "kg",
    shelfLifeMonths: 18,
    ...DRY_STORAGE,
  },
  "criste-marine": {
    inciName: "Crithmum Maritimum Extract",
    botanicalName: "Crithmum maritimum L.",
    originFr: "Falaises de Cap Zebib, Bizerte, Tunisie",
    originEn: "Cap Zebib cliffs, Bizerte, Tunisia",
    formFr: "Feuilles séchées",
    formEn: "Dried leaves",
    packagingFr: "Sacs kraft doublés PE de 10 kg",
    packagingEn: "10 kg PE-lined kraft bags",
    moqQuantity: 25,
    moqUnit: "kg",
    shelfLifeMonths: 18,
    ...DRY_STORAGE,
  },
  "lentisque-feuilles": {
    inciName: "Pistacia Lentiscus Leaf Powder",
    botanicalName: "Pistacia lentiscus L.",
    originFr: "Collines littorales entre Bizerte et Cap Zebib, Tunisie",
    originEn: "Coastal hills between Bizerte and Cap Zebib, Tunisia",
    formFr: "Feuilles séchées entières ou broyées",
    formEn: "Whole or milled dried leaves",
    ...KRAFT_BAGS,
    moqQuantity: 50,
    moqUnit: "kg",
    shelfLifeMonths: 24,
    ...DRY_STORAGE,
  },
  "extrait-ulvane": {
    inciName: "Ulva Lactuca Extract",
    botanicalName: "Ulva lactuca L.",
    ...BIZERTE,
    formFr: "Poudre beige à vert pâle, soluble dans l'eau",
    formEn: "Beige to pale green water-soluble powder",
    ...EXTRACT_DRUMS,
    moqQuantity: 1,
    moqUnit: "kg",
    shelfLifeMonths: 36,
    storageFr: "Dans son emballage fermé, au sec, entre 15 et 25 °C",
    storageEn: "In its closed packaging, dry, between 15 and 25 °C",
  },
  "extrait-antioxydant-lentisque": {
    inciName: "Pistacia Lentiscus Leaf Extract",
    botanicalName: "Pistacia lentiscus L.",
    ...BIZERTE,
    formFr: "Poudre brun rouge, titrée en polyphénols",
    formEn: "Red-brown powder, standardised in polyphenols",
    ...EXTRACT_DRUMS,
    moqQuantity: 1,
    moqUnit: "kg",
    shelfLifeMonths: 24,
    storageFr: "Dans son emballage fermé, à l'abri de la lumière, sous 25 °C",
    storageEn: "In its closed packaging, away from light, below 25 °C",
  },
  "extrait-fucoidane": {
    inciName: "Sargassum Vulgare Extract",
    casNumbers: "9072-19-9",
    botanicalName: "Sargassum vulgare C.Agardh",
    ...BIZERTE,
    formFr: "Poudre beige, soluble dans l'eau",
    formEn: "Beige water-soluble powder",
    ...EXTRACT_DRUMS,
    moqQuantity: 1,
    moqUnit: "kg",
    shelfLifeMonths: 36,
    storageFr: "Dans son emballage fermé, au sec, sous 25 °C",
    storageEn: "In its closed packaging, dry, below 25 °C",
  },
};

/** Gives each demo product its facts (in place). */
export function addDemoFacts(products: { slug: string }[]): void {
  for (const product of products) Object.assign(product, DEMO_FACTS[product.slug]);
}
