import type { Partner, PartnerData } from "@shared/schemas/partner";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { partners } from "../db/schema/index";
import { atVersion, nextVersion, refusedWrite } from "../lib/edit-conflict";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { notFound } from "../lib/http-error";

const columns = {
  _id: partners._id,
  name: partners.name,
  logoUrl: partners.logoUrl,
  websiteUrl: partners.websiteUrl,
  orderIndex: partners.orderIndex,
  isActive: partners.isActive,
  version: partners.version,
  createdAt: partners.createdAt,
  updatedAt: partners.updatedAt,
};

/** docs/product.md, "Partner": lower order index first; then by name so equal indexes stay stable. */
const displayOrder = [asc(partners.orderIndex), asc(partners.name), asc(partners._id)];

/** Every update of a partner row: a new version and update time. */

/** The partner fields a history row compares, in the form's order. */
const HISTORY_FIELDS = ["name", "logoUrl", "websiteUrl", "orderIndex", "isActive"] as const;

export function createPartnerService(db: Db) {
  async function getById(id: string): Promise<Partner | null> {
    const [row] = await db.select(columns).from(partners).where(eq(partners._id, id)).limit(1);
    return row ?? null;
  }

  return {
    listActive(): Promise<Partner[]> {
      return db
        .select(columns)
        .from(partners)
        .where(eq(partners.isActive, true))
        .orderBy(...displayOrder);
    },

    listAll(): Promise<Partner[]> {
      return db
        .select(columns)
        .from(partners)
        .orderBy(...displayOrder);
    },

    getById,

    async create(input: PartnerData): Promise<Partner> {
      const { version: _version, ...data } = input;
      const [row] = await db.insert(partners).values(data).returning(columns);
      if (!row) throw new Error("insert returned nothing");
      return row;
    },

    /** Replaces the fields; with `version`, only if the stored one is still that (else 409 with the stored partner). */
    async update(id: string, input: PartnerData, onChanges?: ChangeSink): Promise<Partner> {
      const { version, ...data } = input;
      const [before, row] = await db.transaction(async (tx) => {
        const [stored] = await tx.select(columns).from(partners).where(eq(partners._id, id)).for("update");
        const [updated] = await tx
          .update(partners)
          .set({ ...data, ...nextVersion(partners) })
          .where(atVersion(partners, id, version))
          .returning(columns);
        return [stored, updated] as const;
      });
      if (!before || !row) return refusedWrite(await getById(id), "partner");
      onChanges?.(fieldChanges(before, row, HISTORY_FIELDS));
      return row;
    },

    /** The active switch: changes only `isActive`. */
    async setActive(id: string, isActive: boolean, onChanges?: ChangeSink): Promise<Partner> {
      const [before, row] = await db.transaction(async (tx) => {
        const [stored] = await tx.select({ isActive: partners.isActive }).from(partners).where(eq(partners._id, id)).for("update");
        const [updated] = await tx
          .update(partners)
          .set({ isActive, ...nextVersion(partners) })
          .where(eq(partners._id, id))
          .returning(columns);
        return [stored, updated] as const;
      });
      if (!before || !row) throw notFound("partner");
      onChanges?.(fieldChanges(before, row, ["isActive"]));
      return row;
    },

    /** Answers the removed partner's name, which its history line keeps. */
    async remove(id: string): Promise<string> {
      const [deleted] = await db.delete(partners).where(eq(partners._id, id)).returning({ name: partners.name });
      if (!deleted) throw notFound("partner");
      return deleted.name;
    },
  };
}
export type PartnerService = ReturnType<typeof createPartnerService>;
