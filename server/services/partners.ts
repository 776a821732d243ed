import { asc, eq } from "drizzle-orm";
import { type Partner, type PartnerInput, partnerInputSchema } from "../../shared/schemas/partner";
import type { Db } from "../db/client";
import { partners } from "../db/schema/index";
import { notFound } from "../lib/http-error";

const columns = {
  _id: partners._id,
  name: partners.name,
  logoUrl: partners.logoUrl,
  websiteUrl: partners.websiteUrl,
  orderIndex: partners.orderIndex,
  isActive: partners.isActive,
  createdAt: partners.createdAt,
  updatedAt: partners.updatedAt,
};

/** SPEC §9: lower order index first; then by name so equal indexes stay stable. */
const displayOrder = [asc(partners.orderIndex), asc(partners.name), asc(partners._id)];

export function createPartnerService(db: Db) {
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

    async getById(id: string): Promise<Partner | null> {
      const [row] = await db.select(columns).from(partners).where(eq(partners._id, id)).limit(1);
      return row ?? null;
    },

    async create(input: PartnerInput): Promise<Partner> {
      const [row] = await db.insert(partners).values(partnerInputSchema.parse(input)).returning(columns);
      if (!row) throw new Error("insert returned nothing");
      return row;
    },

    async update(id: string, input: PartnerInput): Promise<Partner> {
      const [row] = await db
        .update(partners)
        .set({ ...partnerInputSchema.parse(input), updatedAt: new Date().toISOString() })
        .where(eq(partners._id, id))
        .returning(columns);
      if (!row) throw notFound("Partner");
      return row;
    },

    async remove(id: string): Promise<void> {
      const deleted = await db.delete(partners).where(eq(partners._id, id)).returning({ id: partners._id });
      if (deleted.length === 0) throw notFound("Partner");
    },
  };
}
export type PartnerService = ReturnType<typeof createPartnerService>;
