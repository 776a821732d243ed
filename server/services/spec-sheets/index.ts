import type { Lang } from "@shared/company";
import type { PublicCertification } from "@shared/schemas/certification";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, certifications, productCertifications, products as productRows } from "../../db/schema/index";
import type { Clock } from "../../lib/clock";
import type { ProductService } from "../catalogue/products";
import { publicProduct } from "../catalogue/products";
import { validCertification } from "../certifications";
import type { SettingsService } from "../settings";
import { createFileCache, type FileCacheOptions } from "./file-cache";
import { companyModel, contentKey, longDate, type SheetModel, sheetModel } from "./model";
import { SPEC_SHEET_TEXTS } from "./texts";

/** The layouts and pdf-lib with its fonts, loaded with the first PDF asked for (issue 34: not held from the start). */
async function layouts() {
  const [{ renderSheet }, { renderCatalogue }] = await Promise.all([import("./layout"), import("./catalogue")]);
  return { renderSheet, renderCatalogue };
}

/** Products read and laid out at a time in the catalogue: the data of one batch is held at once. */
export const CATALOGUE_BATCH = 25;

export type SpecSheetDeps = {
  db: Db;
  clock: Clock;
  products: ProductService;
  settings: SettingsService;
  publicUrl: string;
  cache?: FileCacheOptions;
};

/** A PDF ready to be answered: its entity tag (the content key) and the bytes, made at most once per key. */
export type PdfFile = { etag: string; fileName: string; bytes: () => Promise<Buffer> };

/** The valid certifications of many products, in each product's order. */
async function certificationsOf(db: Db, clock: Clock, productIds: readonly string[]): Promise<Map<string, PublicCertification[]>> {
  const byProduct = new Map<string, PublicCertification[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productCertifications.productId,
      _id: certifications._id,
      nameFr: certifications.nameFr,
      nameEn: certifications.nameEn,
      certifyingBody: certifications.certifyingBody,
      verificationUrl: certifications.verificationUrl,
      logoUrl: certifications.logoUrl,
      validUntil: certifications.validUntil,
    })
    .from(productCertifications)
    .innerJoin(certifications, eq(certifications._id, productCertifications.certificationId))
    .where(and(inArray(productCertifications.productId, [...productIds]), validCertification(clock)))
    .orderBy(asc(productCertifications.productId), asc(productCertifications.position), asc(certifications.nameFr));
  for (const { productId, ...certification } of rows) {
    const list = byProduct.get(productId);
    if (list) list.push(certification);
    else byProduct.set(productId, [certification]);
  }
  return byProduct;
}

/**
 * Product spec sheets and the catalogue as PDFs (decision 0126), made from the data the pages show, cached by a key
 * over everything they print, so a change of the product, its certifications, the settings or the layout makes a new
 * file and nothing else does.
 */
export function createSpecSheetService({ db, clock, products, settings, publicUrl, cache }: SpecSheetDeps) {
  const files = createFileCache(cache);
  const today = (lang: Lang) => longDate(new Date(clock()), lang);

  return {
    /** The sheet of a public product in `lang`, or null (unknown, inactive or not yet published). */
    async sheet(slug: string, lang: Lang): Promise<PdfFile | null> {
      const page = await products.productPage(slug);
      if (!page) return null;
      const company = companyModel(await settings.get(), lang);
      const model = sheetModel(page.product, page.certifications, lang, publicUrl);
      const etag = contentKey("sheet", model, company, page.product.updatedAt);
      const name = lang === "fr" ? "fiche-produit" : "product-sheet";
      return {
        etag,
        fileName: `${page.product.slug}-${name}-${lang}.pdf`,
        bytes: () => files.get(etag, async () => (await layouts()).renderSheet(model, company, page.product.updatedAt)),
      };
    },

    /**
     * Every public product in `lang`. The key reads only versions (products, their categories and valid
     * certifications, the settings) and the day, never the products' content: a cached catalogue costs three small reads.
     */
    async catalogue(lang: Lang): Promise<PdfFile> {
      const stored = await settings.get();
      const company = companyModel(stored, lang);
      const listed = await db
        .select({ id: productRows._id, version: productRows.version, category: categories._id, categoryVersion: categories.version })
        .from(productRows)
        .innerJoin(categories, eq(productRows.categoryId, categories._id))
        .where(publicProduct(clock))
        .orderBy(asc(productRows._id));
      const certified = await db
        .select({ product: productCertifications.productId, id: certifications._id, version: certifications.version })
        .from(productCertifications)
        .innerJoin(certifications, eq(certifications._id, productCertifications.certificationId))
        .innerJoin(productRows, eq(productRows._id, productCertifications.productId))
        .where(and(publicProduct(clock), validCertification(clock)))
        .orderBy(asc(productCertifications.productId), asc(certifications._id));
      const day = today(lang);
      const etag = contentKey("catalogue", lang, company, stored.version, day, listed, certified);
      const t = SPEC_SHEET_TEXTS[lang];
      const make = async () =>
        (await layouts()).renderCatalogue({
          lang,
          company,
          dateLine: t.generated(day),
          url: `${publicUrl}/${lang === "en" ? "?lang=en" : ""}`,
          productCount: listed.length,
          date: new Date(clock()),
          batches: batchesOf(lang),
        });
      return { etag, fileName: `${lang === "fr" ? "catalogue" : "catalogue-en"}.pdf`, bytes: () => files.get(etag, make) };
    },

    stats: files.stats,
  };

  /** The catalogue's products a batch at a time, in the catalogue order (the public list's keyset pages). */
  async function* batchesOf(lang: Lang): AsyncGenerator<SheetModel[]> {
    let cursor: string | undefined;
    do {
      const page = await products.listActive({ limit: CATALOGUE_BATCH, cursor });
      const ids = page.items.map((item) => item._id);
      const [full, certs] = await Promise.all([products.publicWithBlocks(ids), certificationsOf(db, clock, ids)]);
      const byId = new Map(full.map((product) => [product._id, product]));
      const batch: SheetModel[] = [];
      for (const id of ids) {
        const product = byId.get(id);
        if (product) batch.push(sheetModel(product, certs.get(id) ?? [], lang, publicUrl));
      }
      yield batch;
      cursor = page.next ?? undefined;
    } while (cursor);
  }
}

export type SpecSheetService = ReturnType<typeof createSpecSheetService>;
export { BusyError } from "./file-cache";
