import type { Lang } from "@shared/company";
import { casList, type FactKey, MOQ_UNIT_NAMES, type MoqUnit, type ProductFacts, shownFacts } from "@shared/product-facts";
import { countryName } from "@shared/quote-request";
import { COSMOS_STATUS_NAMES, REGULATORY_LABELS, type RegulatoryFacts } from "@shared/regulatory-facts";
import { translate } from "~/i18n/texts";
import { FACT_TEXTS } from "../texts";

/** UN/CEFACT common codes of the minimum order quantity's units and of months (schema.org `unitCode`). */
const UNIT_CODES: Record<MoqUnit, string> = { kg: "KGM", t: "TNE", g: "GRM", L: "LTR", units: "C62" };

/**
 * The facts as schema.org PropertyValue entries of the Product's `additionalProperty` (decision 0110): one per set
 * fact, in the page's language; each CAS number its own entry with `propertyID` "CAS"; the quantity and the shelf life
 * as numbers with their unit.
 */
export function factsAdditionalProperty(facts: ProductFacts, lang: Lang): object[] {
  const name = (key: FactKey) => translate(FACT_TEXTS, lang, key);
  return shownFacts(facts, lang).flatMap((fact): object[] => {
    switch (fact.key) {
      case "casNumbers":
        return casList(facts.casNumbers).map((cas) => ({
          "@type": "PropertyValue",
          name: name("casNumbers"),
          propertyID: "CAS",
          value: cas,
        }));
      case "moq":
        return [
          {
            "@type": "PropertyValue",
            name: name("moq"),
            value: facts.moqQuantity,
            unitCode: UNIT_CODES[facts.moqUnit],
            unitText: MOQ_UNIT_NAMES[facts.moqUnit][lang],
          },
        ];
      case "shelfLife":
        return [
          {
            "@type": "PropertyValue",
            name: name("shelfLife"),
            value: facts.shelfLifeMonths,
            unitCode: "MON",
            unitText: lang === "fr" ? "mois" : "months",
          },
        ];
      default:
        return [{ "@type": "PropertyValue", name: name(fact.key), value: fact.value }];
    }
  });
}

/**
 * The regulatory facts schema.org has a place for (decision 0124): the EU E-number, the ISO 16128 natural origin index
 * (a number) and the COSMOS status as PropertyValue entries; the statements have none and stay on the page.
 */
export function regulatoryAdditionalProperty(facts: RegulatoryFacts, lang: Lang): object[] {
  const entry = (name: string, value: string | number, propertyID?: string) => ({
    "@type": "PropertyValue",
    name,
    ...(propertyID ? { propertyID } : {}),
    value,
  });
  return [
    ...(facts.eNumber ? [entry(REGULATORY_LABELS.eNumber[lang], facts.eNumber, "E-number")] : []),
    ...(facts.naturalOriginIndex !== null
      ? [entry(REGULATORY_LABELS.naturalOriginIndex[lang], facts.naturalOriginIndex, "ISO 16128")]
      : []),
    ...(facts.cosmosStatus ? [entry(REGULATORY_LABELS.cosmos[lang], COSMOS_STATUS_NAMES[facts.cosmosStatus][lang])] : []),
  ];
}

/** schema.org Product of the product page: its name, description, image, address, its facts and country of harvest. */
export function productJsonLd(
  product: ProductFacts & RegulatoryFacts & { name: string; description: string; image: string; url: string; sku: string },
  lang: Lang,
): object {
  const additionalProperty = [...factsAdditionalProperty(product, lang), ...regulatoryAdditionalProperty(product, lang)];
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: product.image,
    url: product.url,
    sku: product.sku,
    ...(product.harvestCountry
      ? { countryOfOrigin: { "@type": "Country", name: countryName(product.harvestCountry, lang), identifier: product.harvestCountry } }
      : {}),
    ...(additionalProperty.length > 0 ? { additionalProperty } : {}),
  };
}
