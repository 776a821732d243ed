/** Category colours (docs/product.md, "Category"): the brand palette. */
export const CATEGORY_COLORS = {
  algae: "#184CA0",
  plants: "#00592E",
  actives: "#CE5619",
  default: "#2B7A9B",
} as const;

const SLUG_COLORS: Record<string, string> = {
  "les-algues": CATEGORY_COLORS.algae,
  algues: CATEGORY_COLORS.algae,
  algae: CATEGORY_COLORS.algae,
  "les-plantes": CATEGORY_COLORS.plants,
  plantes: CATEGORY_COLORS.plants,
  plants: CATEGORY_COLORS.plants,
  "actifs-biologiques": CATEGORY_COLORS.actives,
  "biological-actives": CATEGORY_COLORS.actives,
};

export function categoryColor(slug: string | undefined | null): string {
  return (slug && SLUG_COLORS[slug]) || CATEGORY_COLORS.default;
}

/** The translucent variant: the same colour at half opacity. */
export function categoryColorTranslucent(slug: string | undefined | null): string {
  return `${categoryColor(slug)}80`;
}
