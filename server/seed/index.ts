import { randomUUID } from "node:crypto";
import { bannerInputSchema } from "@shared/schemas/banner";
import { categoryInputSchema } from "@shared/schemas/category";
import { partnerInputSchema } from "@shared/schemas/partner";
import { productInputSchema } from "@shared/schemas/product";
import type { Db } from "../db/client";
import {
  banners,
  categories,
  certifications,
  contentBlocks,
  partners,
  productCertifications,
  products,
  tradeShows,
} from "../db/schema/index";
import { isUniqueViolation } from "../lib/http-error";
import type { ImageStorage } from "../services/storage/types";
import { certificationRows, demoCertifications } from "./certifications";
import { type DemoContent, demoContent } from "./content";
import { seedDemoDocuments } from "./demo-documents";
import { storeDemoImages } from "./demo-images";
import { demoTradeShows } from "./trade-shows";
import { seedDemoUses } from "./uses";

/** True when the site has no catalogue, banner or partner yet: the only state the demo may fill. */
async function isEmpty(db: Db): Promise<boolean> {
  // One after the other: inside the seeding transaction they share one connection, which takes one query at a time
  // (node-postgres warns, on stderr, of queries sent to a busy connection).
  for (const table of [categories, products, banners, partners]) {
    if ((await db.select({ id: table._id }).from(table).limit(1)).length > 0) return false;
  }
  return true;
}

/** Runs every record through the API's own schemas, so the demo obeys the same limits as the back office. */
function validate(content: DemoContent) {
  // Distinct creation times keep the catalogue in the order written (algae, plants, actives) wherever it is listed.
  const start = Date.now();
  const categoryRows = content.categories.map((category, i) => ({
    _id: randomUUID(),
    ...categoryInputSchema.parse(category),
    createdAt: new Date(start + i * 1000).toISOString(),
  }));
  const categoryIds = new Map(categoryRows.map((row) => [row.slug, row._id]));
  const productRows = content.products.map(({ category, ...product }) => {
    const {
      contentBlocks: blocks,
      certificationIds: _certifications,
      applicationIds: _applications,
      functionIds: _functions,
      ...data
    } = productInputSchema.parse({ ...product, categoryId: categoryIds.get(category) });
    const _id = randomUUID();
    return { product: { _id, ...data }, blocks: blocks.map((block, index) => ({ ...block, order: block.order ?? index, productId: _id })) };
  });
  const banner = bannerInputSchema.parse(content.banner);
  return {
    categories: categoryRows,
    products: productRows.map((row) => row.product),
    blocks: productRows.flatMap((row) => row.blocks),
    banner: { ...banner, isDefault: banner.isDefault ?? true, isActive: banner.isActive ?? true },
    partners: content.partners.map((partner) => partnerInputSchema.parse(partner)),
  };
}

/** The demo certifications (decision 0111), attached to the demo products they name. */
async function seedCertifications(tx: Db, seeded: { _id: string; slug: string }[]): Promise<void> {
  const productIds = new Map(seeded.map((product) => [product.slug, product._id]));
  // Each product shows them in the demo's order.
  for (const [position, { products: slugs, row }] of certificationRows(demoCertifications(Date.now())).entries()) {
    const [inserted] = await tx.insert(certifications).values(row).returning({ _id: certifications._id });
    if (!inserted) continue;
    const links = slugs.flatMap((slug) => {
      const productId = productIds.get(slug);
      return productId ? [{ productId, certificationId: inserted._id, position }] : [];
    });
    if (links.length > 0) await tx.insert(productCertifications).values(links);
  }
}

/**
 * Fills an empty database with the demo catalogue, banner, partners, certifications, applications and functions,
 * documents and trade shows; returns true
 * when it did.
 * One transaction: a second process starting at the same time hits the categories.slug unique index and backs off.
 */
export async function seedDemoContent(db: Db, storage: ImageStorage): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const records = validate(demoContent(await storeDemoImages(storage)));
  try {
    return await db.transaction(async (tx) => {
      if (!(await isEmpty(tx))) return false;
      await tx.insert(categories).values(records.categories);
      await tx.insert(products).values(records.products);
      await tx.insert(contentBlocks).values(records.blocks);
      await tx.insert(banners).values(records.banner);
      await tx.insert(partners).values(records.partners);
      await seedCertifications(tx, records.products);
      await seedDemoUses(tx, records.products);
      await tx.insert(tradeShows).values(demoTradeShows(Date.now()).map(({ version: _version, ...show }) => show));
      await seedDemoDocuments(tx, storage);
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
