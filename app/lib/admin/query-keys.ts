/** react-query keys of the back office, one place so invalidations match. */
export const queryKeys = {
  summary: ["admin", "summary"] as const,
  stats: ["admin", "stats"] as const,
  report: ["admin", "report"] as const,
  submissions: ["admin", "submissions"] as const,
  banners: ["admin", "banners"] as const,
  categories: ["admin", "categories"] as const,
  products: ["admin", "products"] as const,
  product: (id: string) => ["admin", "product", id] as const,
  partners: ["admin", "partners"] as const,
};
