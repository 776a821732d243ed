import { asc, desc, eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestContext, type TestContext } from "../../test/test-app";
import { partners, tradeShows } from "../db/schema/index";
import { HttpError } from "./http-error";
import { createdCursorSchema, databaseTimestampSchema, encodeCursor } from "./keyset";
import { keysetAfter, keysetOrderBy, newestFirst, pagedList } from "./paged-list";

const dialect = new PgDialect();
const text = (query: ReturnType<typeof sql>) => dialect.sqlToQuery(query).sql;

const partnerColumns = { _id: partners._id, name: partners.name, orderIndex: partners.orderIndex, isActive: partners.isActive };
const partnerOrder = { keys: ["orderIndex", "name", "_id"], direction: "asc" } as const;
const partnerCursor = z.tuple([z.number().int(), z.string().max(1000), z.string().uuid()]);

const showColumns = { _id: tradeShows._id, nameFr: tradeShows.nameFr, startsOn: tradeShows.startsOn, createdAt: tradeShows.createdAt };
const showOrder = { keys: ["startsOn", "_id"], direction: "desc" } as const;
const showCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.string().uuid()]);

describe("the keyset SQL", () => {
  it("is the row comparison the lists wrote by hand: each value cast to its column's type, text left as is", () => {
    const id = "00000000-0000-4000-8000-000000000001";
    expect(text(keysetAfter(partnerColumns, partnerOrder, [3, "Algues", id]))).toBe(
      text(sql`(${partners.orderIndex}, ${partners.name}, ${partners._id}) > (${3}::integer, ${"Algues"}, ${id}::uuid)`),
    );
    expect(text(keysetAfter(showColumns, showOrder, ["2026-05-01", id]))).toBe(
      text(sql`(${tradeShows.startsOn}, ${tradeShows._id}) < (${"2026-05-01"}::date, ${id}::uuid)`),
    );
    expect(text(keysetAfter(showColumns, newestFirst, ["2026-05-01 10:00:00.123456+00", id]))).toBe(
      text(sql`(${tradeShows.createdAt}, ${tradeShows._id}) < (${"2026-05-01 10:00:00.123456+00"}::timestamptz, ${id}::uuid)`),
    );
  });

  it("orders by every key in the order's direction", () => {
    const orderBy = (parts: ReturnType<typeof sql>[]) => text(sql.join(parts, sql`, `));
    expect(orderBy(keysetOrderBy(partnerColumns, partnerOrder))).toBe(
      orderBy([asc(partners.orderIndex), asc(partners.name), asc(partners._id)]),
    );
    expect(orderBy(keysetOrderBy(showColumns, showOrder))).toBe(orderBy([desc(tradeShows.startsOn), desc(tradeShows._id)]));
  });

  it("refuses a key whose column type has no cursor cast", () => {
    expect(() => keysetAfter(partnerColumns, { keys: ["isActive", "_id"], direction: "asc" }, [true, "x"])).toThrow(/is_active/);
  });
});

describe("pagedList", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ withAdmin: false });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(partners);
    await ctx.database.db.delete(tradeShows);
  });

  /** Every page of a list, read by following the cursors. */
  async function allPages<T>(read: (cursor: string | undefined) => Promise<{ items: T[]; next: string | null; total: number }>) {
    const pages: { items: T[]; total: number }[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await read(cursor);
      pages.push({ items: page.items, total: page.total });
      if (page.next === null) return pages;
      cursor = page.next;
    }
  }

  it("reads the rows page by page in the order, ties broken by the next keys, and counts them all", async () => {
    const { db } = ctx.database;
    // Ties on the order index and on the name: the name, then the id, decide.
    const names = ["Delta", "alpha", "Bravo", "Bravo", "Charlie", "Écume", "Bravo"];
    await db
      .insert(partners)
      .values(
        names.map((name, i) => ({ name, orderIndex: i % 3, logoUrl: "/uploads/algues/logo.webp", websiteUrl: "https://p.example.com" })),
      );
    const expected = await db
      .select(partnerColumns)
      .from(partners)
      .orderBy(asc(partners.orderIndex), asc(partners.name), asc(partners._id));

    const list = { table: partners, columns: partnerColumns, order: partnerOrder, cursor: partnerCursor };
    const pages = await allPages((cursor) => pagedList(db, list, { limit: 2, cursor }));
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flatMap((page) => page.items)).toEqual(expected);
    expect(pages.every((page) => page.total === names.length)).toBe(true);

    // A page that ends exactly at the last row has no next one.
    const whole = await pagedList(db, list, { limit: names.length });
    expect(whole).toEqual({ items: expected, next: null, total: names.length });
  });

  it("filters the rows and the count alike, in a descending order", async () => {
    const { db } = ctx.database;
    const days = ["2026-03-01", "2026-05-01", "2026-05-01", "2026-01-15", "2026-05-01", "2025-12-31"];
    await db.insert(tradeShows).values(
      days.map((day, i) => ({
        nameFr: i % 2 ? "Salon" : "Foire",
        nameEn: "Fair",
        cityFr: "Tunis",
        cityEn: "Tunis",
        startsOn: day,
        endsOn: day,
      })),
    );
    const where = eq(tradeShows.nameFr, "Foire");
    const expected = await db.select(showColumns).from(tradeShows).where(where).orderBy(desc(tradeShows.startsOn), desc(tradeShows._id));

    const list = { table: tradeShows, columns: showColumns, order: showOrder, cursor: showCursor, where };
    const pages = await allPages((cursor) => pagedList(db, list, { limit: 1, cursor }));
    expect(pages.flatMap((page) => page.items)).toEqual(expected);
    expect(pages.map((page) => page.total)).toEqual([3, 3, 3]);

    const first = await pagedList(db, list, { limit: 1 });
    expect(first.next).toBe(encodeCursor([expected[0]?.startsOn ?? "", expected[0]?._id ?? ""]));
  });

  it("keeps microseconds in a newest-first cursor: rows created in one millisecond are neither skipped nor repeated", async () => {
    const { db } = ctx.database;
    const base = "2026-04-01 08:00:00.123";
    await db.insert(tradeShows).values(
      ["451", "452", "453", "452"].map((micro) => ({
        nameFr: "Salon",
        nameEn: "Fair",
        cityFr: "Sfax",
        cityEn: "Sfax",
        startsOn: "2026-04-01",
        endsOn: "2026-04-02",
        createdAt: `${base}${micro}+00`,
      })),
    );
    const list = {
      table: tradeShows,
      columns: showColumns,
      order: newestFirst,
      cursor: z.tuple([databaseTimestampSchema, z.string().uuid()]),
    };
    const items = (await allPages((cursor) => pagedList(db, list, { limit: 1, cursor }))).flatMap((page) => page.items);
    expect(items).toEqual(await db.select(showColumns).from(tradeShows).orderBy(desc(tradeShows.createdAt), desc(tradeShows._id)));
    expect(createdCursorSchema.safeParse([items[0]?.createdAt, items[0]?._id]).success).toBe(true);
  });

  it("answers 400 page.invalid_cursor to a cursor it did not make", async () => {
    const list = { table: partners, columns: partnerColumns, order: partnerOrder, cursor: partnerCursor };
    for (const cursor of ["not-base64-json", encodeCursor(["2026-05-01", "00000000-0000-4000-8000-000000000001"])]) {
      const error = await pagedList(ctx.database.db, list, { limit: 5, cursor }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 400, coded: { code: "page.invalid_cursor" } });
    }
  });
});
