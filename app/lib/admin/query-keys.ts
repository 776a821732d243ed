import { type ResourceType, resourceOf } from "@shared/resources/index";

/**
 * The root key of a resource's queries, from its declaration (`queryRoot`): a declared screen's list and items live
 * under it. A resource without a query root has none.
 */
export function resourceKey(type: ResourceType): readonly ["admin", string] {
  const root = resourceOf(type).queryRoot;
  if (!root) throw new Error(`${type} declares no queryRoot`);
  return ["admin", root];
}

/** react-query keys of the back office, one place so invalidations match. */
export const queryKeys = {
  summary: ["admin", "summary"] as const,
  stats: ["admin", "stats"] as const,
  report: ["admin", "report"] as const,
  submissions: ["admin", "submissions"] as const,
  banners: ["admin", "banners"] as const,
  categories: ["admin", "categories"] as const,
  /** GET /categories/all (with product counts): its own root, so optimistic reorders cancel only it. */
  categoriesWithCounts: ["admin", "categories-with-counts"] as const,
  products: ["admin", "products"] as const,
  product: (id: string) => ["admin", "product", id] as const,
  partners: ["admin", "partners"] as const,
  /** Certifications (decision 0111): the list, one, the dashboard warnings. */
  certifications: ["admin", "certifications"] as const,
  settings: ["admin", "settings"] as const,
  /** Editable pages (decision 0102). */
  pages: ["admin", "pages"] as const,
  page: (id: string) => ["admin", "pages", "one", id] as const,
};

/** Administrators, second factor and history (issue 11). */
export const securityKeys = {
  users: ["admin", "users"] as const,
  totp: ["admin", "totp"] as const,
  me: ["admin", "me"] as const,
  /** The signed-in account's sessions ("Mon compte"). */
  sessions: ["admin", "sessions"] as const,
  history: (filters: { userId: string; type: string; role: string }) => ["admin", "history", filters] as const,
  historyAll: ["admin", "history"] as const,
};

/** Personal data of one address (GDPR screen). */
export const privacyKeys = {
  all: ["admin", "privacy"] as const,
  summary: (email: string, page: number) => ["admin", "privacy", email, page] as const,
};

/** Redirects and the missing-paths log (`/admin/redirects`). */
export const mediaKeys = {
  all: ["admin", "media"] as const,
  list: (q: string, unused: boolean, missingAlt: boolean) => ["admin", "media", "list", q, unused, missingAlt] as const,
  detail: (id: string) => ["admin", "media", "detail", id] as const,
};

export const redirectKeys = {
  all: ["admin", "redirects"] as const,
  list: (q: string) => ["admin", "redirects", "list", q] as const,
  missing: ["admin", "redirects", "missing"] as const,
};
