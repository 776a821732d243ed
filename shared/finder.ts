import { z } from "zod";
import { PAGE_PARAM } from "./query-params";
import { productCardSchema } from "./schemas/product";

/**
 * The product finder (`/products`, `GET /api/finder`, issue 33): filters a buyer screens on, each a repeatable GET
 * parameter (`?application=food&application=cosmetics`). Values of one filter are alternatives (OR), filters combine
 * (AND); an option's count is how many products the page would list with that option added to the others
 * (disjunctive facets), so a count is never a dead end. No dependencies beyond zod, so the page and the API agree.
 */
export const FINDER_FACETS = ["application", "function", "category", "form", "certification", "cosmos", "origin"] as const;
export type FinderFacet = (typeof FINDER_FACETS)[number];

/** `?sample=1`: only products a sample can be asked for. */
export const SAMPLE_PARAM = "sample";

export const FINDER_LIMITS = {
  /** Values kept per filter (a person ticks a few; more would only make the query longer). */
  valuesPerFacet: 10,
  /** The longest value read (a form's text, a slug, an id); longer ones are dropped. */
  valueMax: 200,
  pageSize: 24,
  maxPages: 100,
} as const;

/** The filters of a finder address, with `page` from 1. */
export type FinderFilters = Record<FinderFacet, string[]> & { sample: boolean; page: number };

export const NO_FILTERS: FinderFilters = {
  application: [],
  function: [],
  category: [],
  form: [],
  certification: [],
  cosmos: [],
  origin: [],
  sample: false,
  page: 1,
};

/** What a filter's values may look like; any other value is dropped (never reaches a query). */
const VALUE_FORMATS: Record<FinderFacet, RegExp> = {
  application: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  function: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  category: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  // A product's form as written in French ("Poudre fine"): printable text.
  form: /^[^\p{Cc}]+$/u,
  certification: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  cosmos: /^cosmos_(certified|approved)$/,
  origin: /^[A-Z]{2}$/,
};

/**
 * The filters an address asks for: each filter's well-formed values, distinct, at most `valuesPerFacet`, in the order
 * given. `page` is null when it is not a plain number from 1 to `maxPages` (the page answers 404).
 */
export function finderFiltersOf(search: URLSearchParams): Omit<FinderFilters, "page"> & { page: number | null } {
  const filters: Omit<FinderFilters, "page"> & { page: number | null } = { ...NO_FILTERS };
  for (const facet of FINDER_FACETS) {
    const values = search
      .getAll(facet)
      .map((value) => value.trim())
      .filter((value) => value.length > 0 && value.length <= FINDER_LIMITS.valueMax && VALUE_FORMATS[facet].test(value));
    filters[facet] = [...new Set(values)].slice(0, FINDER_LIMITS.valuesPerFacet);
  }
  filters.sample = search.get(SAMPLE_PARAM) === "1";
  const pages = search.getAll(PAGE_PARAM);
  if (pages.length === 0) filters.page = 1;
  else if (pages.length === 1 && /^[1-9]\d{0,2}$/.test(pages[0] ?? "") && Number(pages[0]) <= FINDER_LIMITS.maxPages)
    filters.page = Number(pages[0]);
  else filters.page = null;
  return filters;
}

/** Whether any filter is set (the page is then `noindex`, its canonical the unfiltered finder). */
export const hasFilters = (filters: FinderFilters): boolean => filters.sample || FINDER_FACETS.some((facet) => filters[facet].length > 0);

/** The query string of `filters` (without the language), page 1 left out: the finder's own links and its pager. */
export function finderSearch(filters: FinderFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const facet of FINDER_FACETS) for (const value of filters[facet]) search.append(facet, value);
  if (filters.sample) search.set(SAMPLE_PARAM, "1");
  if (filters.page > 1) search.set(PAGE_PARAM, String(filters.page));
  return search;
}

export const finderOptionSchema = z.object({
  value: z.string(),
  labelFr: z.string(),
  labelEn: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
});
export type FinderOption = z.output<typeof finderOptionSchema>;

/** A product of the finder: its card, and its documents' ids (public and on request), which its card adds to a pack. */
export const finderProductSchema = productCardSchema.extend({ documentIds: z.array(z.string()) });
export type FinderProduct = z.output<typeof finderProductSchema>;

/** `GET /api/finder`: what the `/products` page shows. */
export const finderResultSchema = z.object({
  products: z.array(finderProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  facets: z.record(z.enum(FINDER_FACETS), z.array(finderOptionSchema)),
  sample: z.object({ count: z.number().int(), selected: z.boolean() }),
});
export type FinderResult = z.output<typeof finderResultSchema>;
