import { certificationResource } from "@shared/resources/certifications";
import { historyFieldsOf } from "@shared/resources/define";
import { SITE_TIME_ZONE } from "@shared/schedule";
import {
  CERTIFICATION_WARNING_DAYS,
  type Certification,
  type CertificationData,
  type CertificationWarning,
  certificationInputSchema,
  type PublicCertification,
} from "@shared/schemas/certification";
import type { HistoryChange } from "@shared/schemas/history-changes";
import type { PageQuery } from "@shared/schemas/page";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { certifications, productCertifications, products } from "../db/schema/index";
import { foldText } from "../db/text-fold";
import { type Clock, isoNow, systemClock } from "../lib/clock";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { badRequest, HttpError, notFound } from "../lib/http-error";
import type { Page } from "../lib/keyset";
import { keysetOrderBy, pagedList } from "../lib/paged-list";
import { containsPattern } from "./inbox";
import { lockRow, updateRow, versionedCreate, versionedUpdate } from "./versioned-write";
import { type Actor, snapshotAsInput } from "./versions";

/**
 * Today in Tunisia's time, by the injected clock (docs/decisions/0111-certifications.md): a certification is valid
 * through its `valid_until` day there. The instant is a parameter, never `now()`, so tests move it by hand.
 */
export const siteToday = (clock: Clock): SQL => sql`(${isoNow(clock)}::timestamptz at time zone ${SITE_TIME_ZONE})::date`;

/** Shown on the site now: no end, or its last day not passed. One condition, used by every public read. */
export const validCertification = (clock: Clock): SQL =>
  sql`(${certifications.validUntil} is null or ${certifications.validUntil} >= ${siteToday(clock)})`;

/** The certification fields a history row compares, in the form's order. */
/** What the public sees of a certification (the admin list adds its status, usage and version). */
const publicColumns = {
  _id: certifications._id,
  nameFr: certifications.nameFr,
  nameEn: certifications.nameEn,
  certifyingBody: certifications.certifyingBody,
  verificationUrl: certifications.verificationUrl,
  logoUrl: certifications.logoUrl,
  validUntil: certifications.validUntil,
};

const HISTORY_FIELDS = historyFieldsOf<Certification>(certificationResource);

const byName = { keys: ["nameFr", "_id"], direction: "asc" } as const;
const orderByName = keysetOrderBy(publicColumns, byName);
const nameCursorSchema = z.tuple([z.string().max(1000), z.string().uuid()]);

const searchTextOf = (data: Pick<CertificationData, "nameFr" | "nameEn" | "certifyingBody">) =>
  foldText(`${data.nameFr} ${data.nameEn} ${data.certifyingBody}`);

export function createCertificationService(db: Db, clock: Clock = systemClock) {
  const productCount = sql<number>`(select count(*) from ${productCertifications} where ${productCertifications.certificationId} = ${certifications._id})::integer`;
  /** Read from the clock at each query (never at service creation). */
  const status = () => sql<Certification["status"]>`case
    when ${certifications.validUntil} is null then 'valid'
    when ${certifications.validUntil} < ${siteToday(clock)} then 'expired'
    when ${certifications.validUntil} <= ${siteToday(clock)} + ${CERTIFICATION_WARNING_DAYS}::integer then 'expiring'
    else 'valid' end`;
  const columns = () => ({
    ...publicColumns,
    status: status(),
    productCount: productCount.mapWith(Number),
    version: certifications.version,
    createdAt: certifications.createdAt,
    updatedAt: certifications.updatedAt,
  });

  async function getById(id: string, executor: Db = db): Promise<Certification | null> {
    const [row] = await executor.select(columns()).from(certifications).where(eq(certifications._id, id)).limit(1);
    return row ?? null;
  }

  /** What a version keeps: the certification's stored fields, not its computed status or product count (decision 0106). */
  const snapshot = ({ status: _status, productCount: _count, ...stored }: Certification) => stored;

  /** Replaces the fields; with `version`, only if the stored one is still that (else 409 with the stored one). */
  function update(id: string, data: CertificationData, onChanges?: ChangeSink, actor?: Actor): Promise<Certification> {
    const { version, ...fields } = data;
    return versionedUpdate({
      db,
      type: "certification",
      id,
      version,
      snapshot,
      actor,
      onChanges,
      read: async (tx) => ((await lockRow(tx, certifications, { id: certifications._id }, id)) ? getById(id, tx) : null),
      async write(tx) {
        const set = { ...fields, searchText: searchTextOf(fields) };
        return (await updateRow(tx, certifications, { _id: certifications._id }, id, version, set)) ? getById(id, tx) : null;
      },
      current: () => getById(id),
      changes: (before, after) => fieldChanges(before, after, HISTORY_FIELDS),
    });
  }

  return {
    getById,

    /** The admin list: one page by French name (keyset on name, id; decision 0092); `q` in the names or the body. */
    list(query: PageQuery & { q?: string | undefined }): Promise<Page<Certification> & { total: number }> {
      const where = query.q ? sql`${certifications.searchText} like ${containsPattern(foldText(query.q))} escape '\\'` : undefined;
      return pagedList(db, { table: certifications, columns: columns(), order: byName, cursor: nameCursorSchema, where }, query);
    },

    create(data: CertificationData, actor?: Actor): Promise<Certification> {
      const { version: _version, ...fields } = data;
      return versionedCreate({
        db,
        type: "certification",
        snapshot,
        actor,
        async insert(tx) {
          const [row] = await tx
            .insert(certifications)
            .values({ ...fields, searchText: searchTextOf(fields) })
            .returning({ _id: certifications._id });
          return row ? getById(row._id, tx) : null;
        },
      });
    },

    update,

    /** Restores a kept version as a new one, through `update` (decision 0106). */
    restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<Certification> {
      return update(id, { ...snapshotAsInput(certificationInputSchema, snapshot), version: seenVersion }, onChanges, actor);
    },

    /**
     * Deletes an unattached certification and answers its French name (kept by its history line). One still attached
     * to products is refused: 409 `certification.in_use` naming them, so a product page never loses one silently.
     */
    async remove(id: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [stored] = await tx
          .select({ name: certifications.nameFr })
          .from(certifications)
          .where(eq(certifications._id, id))
          .for("update");
        if (!stored) throw notFound("certification");
        const attached = await tx
          .select({ _id: products._id, nameFr: products.nameFr })
          .from(productCertifications)
          .innerJoin(products, eq(products._id, productCertifications.productId))
          .where(eq(productCertifications.certificationId, id))
          .orderBy(asc(products.nameFr))
          .limit(50);
        if (attached.length > 0) throw new HttpError(409, { code: "certification.in_use" }, { details: { products: attached } });
        await tx.delete(certifications).where(eq(certifications._id, id));
        return stored.name;
      });
    },

    /** Attached certifications that end within `CERTIFICATION_WARNING_DAYS` days or have ended, soonest first. */
    async warnings(): Promise<CertificationWarning[]> {
      const daysLeft = sql<number>`(${certifications.validUntil} - ${siteToday(clock)})`.mapWith(Number);
      const rows = await db
        .select({
          _id: certifications._id,
          nameFr: certifications.nameFr,
          validUntil: sql<string>`${certifications.validUntil}::text`,
          daysLeft,
          productCount: productCount.mapWith(Number),
        })
        .from(certifications)
        .where(
          and(
            sql`${certifications.validUntil} <= ${siteToday(clock)} + ${CERTIFICATION_WARNING_DAYS}::integer`,
            sql`exists (select 1 from ${productCertifications} where ${productCertifications.certificationId} = ${certifications._id})`,
          ),
        )
        .orderBy(asc(certifications.validUntil), ...orderByName)
        .limit(100);
      return rows.map((row) => ({ ...row, status: row.daysLeft < 0 ? "expired" : "expiring" }));
    },
  };
}
export type CertificationService = ReturnType<typeof createCertificationService>;

/** The certifications attached to a product, in its order (all of them: the admin form and its versions). */
export async function certificationIdsOf(executor: Db, productIds: string[]): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await executor
    .select({ productId: productCertifications.productId, id: productCertifications.certificationId })
    .from(productCertifications)
    .where(inArray(productCertifications.productId, productIds))
    .orderBy(asc(productCertifications.productId), asc(productCertifications.position), asc(productCertifications.certificationId));
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row.id);
    else byProduct.set(row.productId, [row.id]);
  }
  return byProduct;
}

/** The product's certifications valid now, in its order: what its public page and JSON show. */
export function publicCertificationsOf(db: Db, clock: Clock, productId: string): Promise<PublicCertification[]> {
  return db
    .select(publicColumns)
    .from(productCertifications)
    .innerJoin(certifications, eq(certifications._id, productCertifications.certificationId))
    .where(and(eq(productCertifications.productId, productId), validCertification(clock)))
    .orderBy(asc(productCertifications.position), asc(certifications.nameFr));
}

/** Which of `ids` name a stored certification. */
export async function knownCertificationIds(executor: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await executor.select({ id: certifications._id }).from(certifications).where(inArray(certifications._id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * Makes the product's certifications exactly `ids`, in this order (an id listed twice counts once), inside the
 * product write's transaction; an unknown id is a 400 `certification.unknown`.
 */
export async function replaceProductCertifications(tx: Db, productId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const known = await knownCertificationIds(tx, unique);
  if (known.size !== unique.length) throw badRequest({ code: "certification.unknown" }, "certificationIds");
  await tx.delete(productCertifications).where(eq(productCertifications.productId, productId));
  if (unique.length > 0)
    await tx.insert(productCertifications).values(unique.map((certificationId, position) => ({ productId, certificationId, position })));
}

/** The history change of a product's certifications, by French name in order ("A, B"), when the list changed. */
export async function certificationsChange(executor: Db, before: string[], after: string[]): Promise<HistoryChange[]> {
  const unique = [...new Set(after)];
  if (JSON.stringify(before) === JSON.stringify(unique)) return [];
  const ids = [...new Set([...before, ...unique])];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await executor
            .select({ id: certifications._id, name: certifications.nameFr })
            .from(certifications)
            .where(inArray(certifications._id, ids))
        ).map((r) => [r.id, r.name] as const),
  );
  const shown = (list: string[]) => (list.length === 0 ? null : list.map((id) => names.get(id) ?? id).join(", "));
  return [{ field: "certifications", before: shown(before), after: shown(unique) }];
}
