/** react-query keys of the back office, one place so invalidations match. */
export const queryKeys = {
  summary: ["admin", "summary"] as const,
  stats: ["admin", "stats"] as const,
  submissions: ["admin", "submissions"] as const,
  banners: ["admin", "banners"] as const,
  categories: ["admin", "categories"] as const,
  /** GET /categories/all (with product counts): its own root, so optimistic reorders cancel only it. */
  categoriesWithCounts: ["admin", "categories-with-counts"] as const,
  products: ["admin", "products"] as const,
  product: (id: string) => ["admin", "product", id] as const,
  partners: ["admin", "partners"] as const,
};
