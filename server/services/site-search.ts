import { createHash } from "node:crypto";
import { LIMITS } from "@shared/limits";
import type { ProductCard } from "@shared/schemas/product";
import type { SearchTermRow, SiteSearchResult } from "@shared/schemas/site-search";
import { and, asc, count, desc, eq, gte, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories, products, siteSearchDaily } from "../db/schema/index";
import { foldText } from "../db/text-fold";
import type { Clock } from "../lib/clock";
import type { Budgets } from "../lib/rate-limit-store";
import { PUBLIC_BUDGETS } from "../lib/rate-limits";
import { categoryColumns, categoryOrder } from "./catalogue/categories";
import { productCardColumns, publicProduct } from "./catalogue/products";
import { containsPattern } from "./inbox";

/**
 * The public search (decision 0107): every word of the query, folded (accents, case, ligatures: text-fold.ts), must be
 * found in a public product's stored search document (names, short descriptions, block texts, both languages) or a
 * category's (names, descriptions); a GIN trigram index answers each `LIKE '%word%'`. Products whose names hold every
 * word come first, then by name in the page's language. Pages are offsets, bounded (LIMITS.siteSearchMaxPages): the
 * order is a relevance order no index keeps, so the matches are sorted anyway and an offset costs no more.
 */

/** The folded words of a query, at most LIMITS.siteSearchMaxWords, duplicates removed. */
export function searchWords(q: string): string[] {
  return [...new Set(foldText(q).split(/\s+/).filter(Boolean))].slice(0, LIMITS.siteSearchMaxWords);
}

/** Fewer than LIMITS.siteSearchMinChars visible characters: nothing is searched. */
export function isTooShort(q: string): boolean {
  return [...q.replace(/\s+/g, "")].length < LIMITS.siteSearchMinChars;
}

const EMAIL_LIKE = /\S@\S|@\S+\.\S/;
/** Digits a term may hold at most in all (a CAS number has up to 10: "7732-18-5" has 7), and in one run. */
const MAX_DIGITS = 7;
const MAX_DIGIT_RUN = 5;

/**
 * What the audience report keeps of a searched query: its folded words joined by one space, cut to
 * LIMITS.siteSearchTermMax characters; null (not kept) when it looks personal: an e-mail address, a phone number or
 * any long run of digits (an order, a card, an identity number).
 */
export function storableTerm(q: string): string | null {
  const folded = foldText(q).replace(/\s+/g, " ").trim();
  if (folded.length === 0 || EMAIL_LIKE.test(folded)) return null;
  const digits = folded.replace(/\D/g, "");
  if (digits.length > MAX_DIGITS) return null;
  if (new RegExp(`\\d{${MAX_DIGIT_RUN + 1}}`).test(folded)) return null;
  // Phone-like: mostly digits with separators (+216 71 123 456 has 11 digits, already out; "71 123 45" is caught here).
  if (digits.length >= 6 && /^[\d\s+().-]+$/.test(folded)) return null;
  return [...folded].slice(0, LIMITS.siteSearchTermMax).join("").trim();
}

const utcDay = (clock: Clock): string => new Date(clock()).toISOString().slice(0, 10);

/** The most searched terms over `[from, to]` (UTC days), and those most often searched without result (audience report). */
export async function searchTermsReport(
  db: Db,
  from: string,
  to: string,
): Promise<{ searches: SearchTermRow[]; emptySearches: SearchTermRow[] }> {
  const inRange = and(gte(siteSearchDaily.day, from), lte(siteSearchDaily.day, to));
  const searches = sql<number>`sum(${siteSearchDaily.searches})`.mapWith(Number);
  const empty = sql<number>`sum(${siteSearchDaily.empty})`.mapWith(Number);
  const [top, none] = await Promise.all([
    db
      .select({ term: siteSearchDaily.term, count: searches })
      .from(siteSearchDaily)
      .where(inRange)
      .groupBy(siteSearchDaily.term)
      .orderBy(desc(searches), asc(siteSearchDaily.term))
      .limit(LIMITS.reportTopRows),
    db
      .select({ term: siteSearchDaily.term, count: empty })
      .from(siteSearchDaily)
      .where(and(inRange, sql`${siteSearchDaily.empty} > 0`))
      .groupBy(siteSearchDaily.term)
      .orderBy(desc(empty), asc(siteSearchDaily.term))
      .limit(LIMITS.reportTopRows),
  ]);
  return { searches: top, emptySearches: none };
}

/** A budget of one: each client's term is counted once a day. */
const ONCE_A_DAY = { max: 1, windowMs: 24 * 60 * 60 * 1000 };

export function createSiteSearchService(db: Db, clock: Clock, budgets: Budgets) {
  const matchAll = (column: SQLWrapper, words: string[]): SQL =>
    and(...words.map((word) => sql`${column} like ${containsPattern(word)} escape '\\'`)) as SQL;

  /**
   * Counts a search in the audience report, within the public budgets (lib/rate-limits.ts): each client's term once a
   * day, at most `searchesRecordedPerClient` a day per client, and at most `newSearchTermsPerDay` new terms a day.
   */
  async function record(q: string, found: boolean, client: string): Promise<void> {
    const term = storableTerm(q);
    if (term === null) return;
    const day = utcDay(clock);
    const termKey = createHash("sha256").update(term).digest("base64url").slice(0, 22);
    if (!(await budgets.take("search-term", `${day} ${client} ${termKey}`, ONCE_A_DAY))) return;
    if (!(await budgets.take("search-record", client, PUBLIC_BUDGETS.searchesRecordedPerClient))) return;
    const counts = { searches: sql`${siteSearchDaily.searches} + 1`, empty: sql`${siteSearchDaily.empty} + ${found ? 0 : 1}` };
    const updated = await db
      .update(siteSearchDaily)
      .set(counts)
      .where(and(eq(siteSearchDaily.day, day), eq(siteSearchDaily.term, term)))
      .returning({ term: siteSearchDaily.term });
    if (updated.length > 0) return;
    if (!(await budgets.take("search-new-term", day, PUBLIC_BUDGETS.newSearchTermsPerDay))) return;
    await db
      .insert(siteSearchDaily)
      .values({ day, term, searches: 1, empty: found ? 0 : 1 })
      .onConflictDoUpdate({ target: [siteSearchDaily.day, siteSearchDaily.term], set: counts });
  }

  return {
    /**
     * One page of results. `recordFor`: the client (its address) whose search this is, to count it in the audience
     * report (the first page of a search, when it is answered: decision 0107); a query too short is never counted.
     */
    async search(
      q: string,
      { lang, page, recordFor }: { lang: "fr" | "en"; page: number; recordFor?: string | undefined },
    ): Promise<SiteSearchResult> {
      const none = { q, categories: [], products: [], total: 0, page, pageCount: 0 };
      if (isTooShort(q)) return { ...none, status: "too_short" };
      const words = searchWords(q);
      const size = LIMITS.siteSearchPageSize;
      const productWhere = and(publicProduct(clock), matchAll(products.siteSearchText, words));
      const nameFirst = sql`case when ${matchAll(products.nameSearchText, words)} then 0 else 1 end`;
      const name = lang === "en" ? products.nameEn : products.nameFr;
      const [[counted_], rows, cats] = await Promise.all([
        db.select({ total: count() }).from(products).where(productWhere),
        db
          .select({ ...productCardColumns, categorySlug: categories.slug })
          .from(products)
          .innerJoin(categories, sql`${categories._id} = ${products.categoryId}`)
          .where(productWhere)
          .orderBy(nameFirst, asc(name), asc(products.slug))
          .limit(size)
          .offset((page - 1) * size),
        page === 1
          ? db
              .select(categoryColumns)
              .from(categories)
              .where(matchAll(categories.siteSearchText, words))
              .orderBy(...categoryOrder)
          : Promise.resolve([]),
      ]);
      const total = counted_?.total ?? 0;
      const cards: ProductCard[] = rows.map(({ categorySlug, ...card }) => ({ ...card, category: { slug: categorySlug } }));
      const found = total > 0 || cats.length > 0;
      if (recordFor !== undefined && page === 1) await record(q, found, recordFor);
      return {
        q,
        status: found ? "ok" : "empty",
        categories: cats,
        products: cards,
        total,
        page,
        pageCount: Math.min(LIMITS.siteSearchMaxPages, Math.ceil(total / size)),
      };
    },
  };
}
export type SiteSearchService = ReturnType<typeof createSiteSearchService>;
