import type { Lang } from "@shared/company";
import type { Category } from "@shared/schemas/category";
import { localized, translate } from "~/i18n/lang";

const SPECIAL_INTROS = {
  "les-algues": "category.intro.les-algues",
  "les-plantes": "category.intro.les-plantes",
  "actifs-biologiques": "category.intro.actifs-biologiques",
} as const;

const isSpecial = (slug: string): slug is keyof typeof SPECIAL_INTROS => slug in SPECIAL_INTROS;

/** docs/product.md, "Category page": fixed intro texts for the three house categories, otherwise the category description by language. */
export function categoryIntro(category: Category, lang: Lang): string {
  if (isSpecial(category.slug)) return translate(lang, SPECIAL_INTROS[category.slug], undefined);
  return localized(category, "description", lang);
}

/** The short text of a category card: its description, or the intro when the description is empty. */
export function categorySummary(category: Category, lang: Lang): string {
  return localized(category, "description", lang) || categoryIntro(category, lang);
}
