import type { Lang } from "@shared/company";
import type { Category } from "@shared/schemas/category";
import { localizedText, type Shown } from "~/i18n/lang";
import { translate } from "~/i18n/texts";
import { CATEGORY_SITE_TEXTS } from "./texts";

const SPECIAL_INTROS = {
  "les-algues": "intro.les-algues",
  "les-plantes": "intro.les-plantes",
  "actifs-biologiques": "intro.actifs-biologiques",
} as const;

const isSpecial = (slug: string): slug is keyof typeof SPECIAL_INTROS => slug in SPECIAL_INTROS;

/** docs/product.md, "Category page": fixed intro texts for the three house categories, otherwise the category description by language. */
export function categoryIntro(category: Category, lang: Lang): string {
  return shownCategoryIntro(category, lang).value;
}

/** The intro with the language it is in (the description falls back to the other language when empty). */
export function shownCategoryIntro(category: Category, lang: Lang): Shown {
  if (isSpecial(category.slug)) return { value: translate(CATEGORY_SITE_TEXTS, lang, SPECIAL_INTROS[category.slug]), lang };
  return localizedText(category, "description", lang);
}

/** The short text of a category card: its description, or the intro when the description is empty, with its language. */
export function categorySummary(category: Category, lang: Lang): Shown {
  const description = localizedText(category, "description", lang);
  return description.value ? description : shownCategoryIntro(category, lang);
}
