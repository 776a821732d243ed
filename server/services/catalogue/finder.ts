import { PACK_MAX_ITEMS } from "@shared/document-pack";
import { FINDER_FACETS, FINDER_LIMITS, type FinderFacet, type FinderFilters, type FinderOption, type FinderResult } from "@shared/finder";
import { COUNTRIES } from "@shared/quote-request";
import { COSMOS_STATUS_NAMES, type CosmosStatus } from "@shared/regulatory-facts";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  applications,
  categories,
  certifications,
  functions,
  productApplications,
  productCertifications,
  productDocuments,
  productFunctions,
  products,
} from "../../db/schema/index";
import type { Clock } from "../../lib/clock";
import { validCertification } from "../certifications";
import { productCardColumns, publicProduct } from "./products";

type OptionRow = { value: string; labelFr: string; labelEn: string; count: number };

/**
 * A filter: the condition its values put on a product (over `products`), and its options counted among the products
 * that `matching` (every other filter) lets through. Each reads an index: a link table's primary key from the filter's
 * value, or a column of `products` under its own index.
 */

type Facet = {
  where(values: string[], clock: Clock): SQL;
  options(db: Db, matching: SQL, clock: Clock): PromiseLike<OptionRow[]>;
  /** Labels made from the values, when the rows carry none. */
  named?(options: OptionRow[]): OptionRow[];
};

const counted = sql<number>`count(distinct ${products._id})`.mapWith(Number);

/** A managed list (applications, functions) linked to products through a table keyed by (item, product). */
function listFacet(
  list: typeof applications | typeof functions,
  link: { table: typeof productApplications | typeof productFunctions; item: AnyPgColumn; product: AnyPgColumn },
): Facet {
  return {
    where: (values) =>
      sql`exists (select 1 from ${link.table} join ${list} on ${list._id} = ${link.item}
        where ${link.product} = ${products._id} and ${inArray(list.slug, values)} and ${list.isActive})`,
    options: (db, matching) =>
      db
        .select({ value: list.slug, labelFr: list.nameFr, labelEn: list.nameEn, count: counted })
        .from(link.table)
        .innerJoin(list, eq(list._id, link.item))
        .innerJoin(products, eq(products._id, link.product))
        .where(and(matching, eq(list.isActive, true)))
        .groupBy(list._id)
        .orderBy(asc(list.position), asc(list.nameFr)),
  };
}

const COUNTRY_NAMES = new Map<string, { fr: string; en: string }>(COUNTRIES.map((country) => [country.code, country]));

const FACETS: Record<FinderFacet, Facet> = {
  application: listFacet(applications, {
    table: productApplications,
    item: productApplications.applicationId,
    product: productApplications.productId,
  }),
  function: listFacet(functions, { table: productFunctions, item: productFunctions.functionId, product: productFunctions.productId }),
  origin: {
    where: (values) => inArray(products.harvestCountry, values),
    options: (db, matching) =>
      db
        .select({ value: products.harvestCountry, labelFr: products.harvestCountry, labelEn: products.harvestCountry, count: counted })
        .from(products)
        .where(and(matching, sql`${products.harvestCountry} <> ''`))
        .groupBy(products.harvestCountry),
    // The country's name (ISO code in the address), by name.
    named: (options) =>
      options
        .map((option) => {
          const country = COUNTRY_NAMES.get(option.value);
          return { ...option, labelFr: country?.fr ?? option.value, labelEn: country?.en ?? option.value };
        })
        .sort((a, b) => a.labelFr.localeCompare(b.labelFr, "fr")),
  },
  cosmos: {
    where: (values) => inArray(products.cosmosStatus, values as CosmosStatus[]),
    options: (db, matching) =>
      db
        .select({ value: products.cosmosStatus, labelFr: products.cosmosStatus, labelEn: products.cosmosStatus, count: counted })
        .from(products)
        .where(and(matching, sql`${products.cosmosStatus} <> ''`))
        .groupBy(products.cosmosStatus)
        .orderBy(asc(products.cosmosStatus)),
    named: (options) =>
      options.map((option) => {
        const names = COSMOS_STATUS_NAMES[option.value as Exclude<CosmosStatus, "">];
        return names ? { ...option, labelFr: names.fr, labelEn: names.en } : option;
      }),
  },
  category: {
    where: (values) =>
      inArray(products.categoryId, sql`(select ${categories._id} from ${categories} where ${inArray(categories.slug, values)})`),
    options: (db, matching) =>
      db
        .select({ value: categories.slug, labelFr: categories.nameFr, labelEn: categories.nameEn, count: counted })
        .from(products)
        .innerJoin(categories, eq(categories._id, products.categoryId))
        .where(matching)
        .groupBy(categories._id)
        .orderBy(asc(categories.nameFr)),
  },
  form: {
    where: (values) => inArray(products.formFr, values),
    options: (db, matching) =>
      db
        .select({ value: products.formFr, labelFr: products.formFr, labelEn: sql<string>`max(${products.formEn})`, count: counted })
        .from(products)
        .where(and(matching, sql`${products.formFr} <> ''`))
        .groupBy(products.formFr)
        .orderBy(asc(products.formFr)),
  },
  certification: {
    where: (values, clock) =>
      sql`exists (select 1 from ${productCertifications} join ${certifications} on ${certifications._id} = ${productCertifications.certificationId}
        where ${productCertifications.productId} = ${products._id} and ${inArray(productCertifications.certificationId, values)} and ${validCertification(clock)})`,
    options: (db, matching, clock) =>
      db
        .select({
          value: sql<string>`${certifications._id}::text`,
          labelFr: certifications.nameFr,
          labelEn: certifications.nameEn,
          count: counted,
        })
        .from(productCertifications)
        .innerJoin(certifications, eq(certifications._id, productCertifications.certificationId))
        .innerJoin(products, eq(products._id, productCertifications.productId))
        .where(and(matching, validCertification(clock)))
        .groupBy(certifications._id)
        .orderBy(asc(certifications.nameFr)),
  },
};

const KNOWN = FINDER_FACETS.map((facet) => [facet, FACETS[facet]] as const);

export function createFinderService(db: Db, clock: Clock) {
  /** Every filter but `except`; `sample` too unless `withoutSample`. */
  function conditions(filters: FinderFilters, except?: FinderFacet, withoutSample = false): SQL {
    const parts = [publicProduct(clock)];
    if (filters.sample && !withoutSample) parts.push(eq(products.sampleAvailable, true));
    for (const [facet, declared] of KNOWN) {
      const values = filters[facet];
      if (facet !== except && values.length > 0) parts.push(declared.where(values, clock));
    }
    return and(...parts) as SQL;
  }

  /** The queries of one finder page: the products counted, those offering a sample, the page, each filter's options. */
  function queries(filters: FinderFilters) {
    const where = conditions(filters);
    return {
      total: db.select({ n: count() }).from(products).where(where),
      samples: db
        .select({ n: count() })
        .from(products)
        .where(and(conditions(filters, undefined, true), eq(products.sampleAvailable, true))),
      page: db
        .select({ ...productCardColumns, categorySlug: categories.slug })
        .from(products)
        .innerJoin(categories, eq(categories._id, products.categoryId))
        .where(where)
        .orderBy(asc(products.nameFr), asc(products.slug))
        .limit(FINDER_LIMITS.pageSize)
        .offset((filters.page - 1) * FINDER_LIMITS.pageSize),
      options: KNOWN.map(([facet, declared]) => declared.options(db, conditions(filters, facet), clock)),
    };
  }

  /** The documents of the page's products, in their order (the documents' product index). */
  async function documentsOf(productIds: string[]): Promise<Map<string, string[]>> {
    const byProduct = new Map<string, string[]>();
    if (productIds.length === 0) return byProduct;
    const rows = await db
      .select({ productId: productDocuments.productId, _id: productDocuments._id })
      .from(productDocuments)
      .where(inArray(productDocuments.productId, productIds))
      .orderBy(asc(productDocuments.productId), asc(productDocuments.position));
    for (const row of rows) {
      const ids = byProduct.get(row.productId) ?? [];
      // A pack holds at most PACK_MAX_ITEMS documents: a card never offers more.
      if (ids.length < PACK_MAX_ITEMS) byProduct.set(row.productId, [...ids, row._id]);
    }
    return byProduct;
  }

  return {
    /** One page of the products `filters` let through, by name, with every filter's options counted. */
    async find(filters: FinderFilters): Promise<FinderResult> {
      const planned = queries(filters);
      const [[total], [samples], rows, ...optionLists] = await Promise.all([
        planned.total,
        planned.samples,
        planned.page,
        ...planned.options,
      ]);
      const facets = Object.fromEntries(FINDER_FACETS.map((facet) => [facet, [] as FinderOption[]])) as Record<FinderFacet, FinderOption[]>;
      KNOWN.forEach(([facet, declared], i) => {
        const selected = new Set(filters[facet]);
        const counted = optionLists[i] ?? [];
        const options = (declared.named?.(counted) ?? counted).map((row) => ({ ...row, selected: selected.has(row.value) }));
        // A ticked value no product matches any more (the other filters left none) stays listed, so it can be unticked.
        const listed = new Set(options.map((option) => option.value));
        const orphans = filters[facet].filter((value) => !listed.has(value));
        facets[facet] = [...options, ...orphans.map((value) => ({ value, labelFr: value, labelEn: value, count: 0, selected: true }))];
      });
      const matched = total?.n ?? 0;
      const documentIds = await documentsOf(rows.map((row) => row._id));
      return {
        products: rows.map(({ categorySlug, ...card }) => ({
          ...card,
          category: { slug: categorySlug },
          documentIds: documentIds.get(card._id) ?? [],
        })),
        total: matched,
        page: filters.page,
        pageCount: Math.max(1, Math.ceil(matched / FINDER_LIMITS.pageSize)),
        facets,
        sample: { count: samples?.n ?? 0, selected: filters.sample },
      };
    },
  };
}

export type FinderService = ReturnType<typeof createFinderService>;
