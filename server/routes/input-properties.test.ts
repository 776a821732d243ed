import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { hostileBody, hostileParam, hostileQuery, type Payload } from "../../test/hostile-input";
import { makePdf } from "../../test/pdf";
import { TEST_DATABASE_URL } from "../../test/postgres-db";
import { fillPath, type WalkedRoute, walkRoutes } from "../../test/routes";
import { createTestContext, type TestContext } from "../../test/test-app";
import * as schema from "../db/schema/index";

/**
 * Property tests over every API route's input: random and hostile payloads, sent as an admin and anonymously, never
 * get a 5xx, always get `{ error }` when refused, and a refused request (4xx) leaves every table exactly as it was.
 * Routes come from Fastify's route list, so a new route is covered without touching this file.
 */

/** Bookkeeping a refused request is meant to write: a wrong password is counted for the account lockout. */
const WRITTEN_ON_PURPOSE = new Set(["login_throttle"]);
/**
 * Only which rows exist is compared: the outbox worker updates its rows' delivery state in the background, and any
 * signed-in request, refused or not, moves its session's last-seen time once a minute (a slow run crosses that minute).
 */
const UPDATED_IN_BACKGROUND = new Set(["mail_outbox", "sessions"]);
/**
 * Bounded so the file stays short on PGlite; a failure prints fast-check's seed to replay it. The PostgreSQL run
 * samples each route a quarter as often: PGlite is the same PostgreSQL (parser, types, planner), so what the second
 * engine adds is its driver and server, which a few payloads per route reach (decision 0138).
 */
const RUNS = TEST_DATABASE_URL
  ? ({ admin: 10, anonymousPublic: 10, anonymousAdmin: 2 } as const)
  : ({ admin: 40, anonymousPublic: 40, anonymousAdmin: 5 } as const);

// Built at collection time so that each route gets its own test (and its own time budget).
const ctx: TestContext = await createTestContext({ app: { rateLimit: false } });
const routes: WalkedRoute[] = walkRoutes(ctx.app).filter((route) => route.url.startsWith("/api/"));
const realIds: string[] = [];
/** Logging out ends the session it is called with: that route gets its own account and a fresh session each run. */
const LOGOUT_ACCOUNT = { email: "logout-properties@test.local", password: "logout-properties-password" };

const tables = Object.values<unknown>(schema).filter((value): value is PgTable => is(value, PgTable));
const snapshotRows = z.object({ rows: z.array(z.record(z.string(), z.string())) });

/**
 * The fingerprint as of the last check, still true until something may have written: a request that was not refused,
 * or a fresh sign-in.
 */
let known: Record<string, string> | null = null;

const writeCountRow = z.object({ rows: z.array(z.object({ writes: z.string() })) });
/**
 * Every write statement on a table of the database (insert, update, delete, truncate: by a request or by anything in
 * the background) takes a number from this database's own sequence, through a statement trigger on each table. When
 * the count is the same after a request as before it, nothing was written and the tables need no fingerprint. (A
 * transaction id would say the same on PGlite, but on PostgreSQL ids are the whole server's: the other test files'
 * databases move them all the time.)
 */
async function countWrites(): Promise<void> {
  await ctx.database.db.execute(
    sql.raw(`
    create sequence property_test_writes;
    create function property_test_count_write() returns trigger language plpgsql as $$
      begin perform nextval('property_test_writes'); return null; end $$;
    do $$ declare t record; begin
      for t in select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' loop
        execute format('create trigger property_test_count_write after insert or update or delete or truncate on %I
          for each statement execute function property_test_count_write()', t.table_name);
      end loop;
    end $$;`),
  );
}

async function writesSoFar(): Promise<string> {
  const [row] = writeCountRow.parse(
    await ctx.database.db.execute(sql`select last_value::text || ':' || is_called::text as writes from property_test_writes`),
  ).rows;
  if (!row) throw new Error("no write count");
  return row.writes;
}

/** A fingerprint of every row of every table (one query). */
async function snapshot(): Promise<Record<string, string>> {
  const parts = tables
    .filter((table) => !WRITTEN_ON_PURPOSE.has(getTableName(table)))
    .map((table) => {
      const name = getTableName(table);
      const row = UPDATED_IN_BACKGROUND.has(name) ? sql`t.id::text` : sql`t::text`;
      return sql`(select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) from ${table} t) as ${sql.identifier(name)}`;
    });
  const [row] = snapshotRows.parse(await ctx.database.db.execute(sql`select ${sql.join(parts, sql`, `)}`)).rows;
  if (!row) throw new Error("no snapshot row");
  return { ...row };
}

beforeAll(async () => {
  await countWrites();
  const category = (await ctx.call("POST", "/categories", { slug: "proprietes", nameFr: "Propriétés", nameEn: "Properties" })).json<{
    _id: string;
  }>();
  const product = (
    await ctx.call("POST", "/products", {
      slug: "produit-proprietes",
      nameFr: "Produit",
      nameEn: "Product",
      shortDescriptionFr: "Court",
      shortDescriptionEn: "Short",
      mainImageUrl: "/uploads/algues/x.webp",
      categoryId: category._id,
      contentBlocks: [{ type: "text", contentFr: "Texte", contentEn: "Text" }],
    })
  ).json<{ _id: string; contentBlocks: { _id: string }[] }>();
  const banner = (
    await ctx.call("POST", "/banners", {
      imageUrlFr: "/uploads/algues/b.webp",
      imageUrlEn: "/uploads/algues/b.webp",
      titleFr: "Titre",
      titleEn: "Title",
      descriptionFr: "Description",
      descriptionEn: "Description",
    })
  ).json<{ _id: string }>();
  const partner = (
    await ctx.call("POST", "/partners", { name: "Partenaire", logoUrl: "/uploads/algues/p.webp", websiteUrl: "https://example.com" })
  ).json<{
    _id: string;
  }>();
  const certification = (
    await ctx.call("POST", "/certifications", { nameFr: "Bio", nameEn: "Organic", certifyingBody: "Ecocert", validUntil: "2030-01-01" })
  ).json<{ _id: string }>();
  const message = (
    await ctx.call(
      "POST",
      "/contact",
      { fullName: "Visiteur", email: "v@example.com", phone: "", subject: "Sujet", message: "Bonjour" },
      false,
    )
  ).json<{ _id: string }>();
  // A product document (decision 0109), so `/products/:id/documents/:docId` is walked with a real id too.
  const document = await ctx.app.services.documents.create(product._id, await makePdf(), "fiche.pdf", {
    kind: "tds",
    language: "fr",
    titleFr: "",
    titleEn: "",
    versionLabel: "",
    documentDate: null,
    visibility: "public",
  });
  // The legal pages are seeded by migration 0015.
  const seededPages = (await ctx.app.services.pages.activeLinks()).map((page) => page._id);
  realIds.push(
    category._id,
    product._id,
    banner._id,
    partner._id,
    certification._id,
    message._id,
    document._id,
    ...product.contentBlocks.map((block) => block._id),
    ...seededPages,
  );
  for (const id of realIds) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await ctx.app.services.auth.createUser(LOGOUT_ACCOUNT.email, LOGOUT_ACCOUNT.password);
});
afterAll(() => ctx.close());

async function tokenFor(route: WalkedRoute): Promise<string> {
  if (route.url !== "/api/auth/logout") return ctx.token;
  const signedIn = await ctx.app.services.auth.login(LOGOUT_ACCOUNT.email, LOGOUT_ACCOUNT.password);
  if (!("token" in signedIn)) throw new Error("the logout account has no second factor");
  return signedIn.token;
}

async function send(route: WalkedRoute, path: string, query: string, payload: Payload, token: string | null) {
  const options: InjectOptions = { method: route.method, url: query ? `${path}?${query}` : path, headers: {} };
  if (token) options.headers = { authorization: `Bearer ${token}` };
  if ("json" in payload) options.payload = payload.json === undefined ? undefined : JSON.stringify(payload.json);
  if ("raw" in payload) options.payload = payload.raw;
  if (!("none" in payload)) options.headers = { ...options.headers, "content-type": "application/json" };
  return ctx.app.inject(options);
}

function property(route: WalkedRoute, signedIn: boolean) {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const params = fc.tuple(...names.map(() => hostileParam(realIds)));
  const idValue = fc.oneof(fc.constantFrom(...realIds), fc.uuid());
  return fc.asyncProperty(params, hostileQuery(route.querystring), hostileBody(route.body, idValue), async (values, query, payload) => {
    const path = fillPath(route.url, (name) => values[names.indexOf(name)] ?? "");
    const token = signedIn ? await tokenFor(route) : null;
    if (signedIn && route.url === "/api/auth/logout") known = null; // its sign-in wrote a session
    const before = known ?? (await snapshot());
    known = null;
    const writesBefore = await writesSoFar();
    const response = await send(route, path, query, payload, token);
    const label = `${route.method} ${path.slice(0, 200)}?${query.slice(0, 200)} (${signedIn ? "admin" : "anonymous"}) → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, label).toBeLessThan(500);
    const nothingWritten = (await writesSoFar()) === writesBefore;
    if (response.statusCode >= 400) {
      expect(response.json<{ error: unknown }>().error, label).toEqual(expect.any(String));
      // Something wrote while the request was refused (login_throttle, a session's last-seen time, the outbox): the
      // rows are compared, save what is written on purpose or in the background.
      const after = nothingWritten ? before : await snapshot();
      expect(after, `${label}: a refused request changed data`).toEqual(before);
      known = after;
    } else if (nothingWritten) known = before;
    // 414: a path parameter over Fastify's length limit matches no route at all, so no body is read either. A "." or
    // ".." parameter is a dot-segment: the URL is normalized to another path, which is not this route any more (an
    // unknown path with a refused body is a 400, otherwise a 404).
    const dotSegment = values.some((value) => value === "." || value === "..");
    if (!signedIn && !route.isPublic && !dotSegment) expect([401, 414], label).toContain(response.statusCode);
  });
}

// DELETE last, so the other routes still reach the seeded rows.
const order = (route: WalkedRoute) => (route.method === "DELETE" ? 1 : 0);

describe("hostile input on every API route", () => {
  it("walks a meaningful route list", () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const route of [...routes].sort((a, b) => order(a) - order(b))) {
    it(`${route.method} ${route.url}: never a 5xx nor partial data, as an admin and anonymously`, { timeout: 120_000 }, async () => {
      // Sign-out ignores its body and each run needs a fresh sign-in (Argon2): fewer runs there.
      await fc.assert(property(route, true), { numRuns: route.url === "/api/auth/logout" ? Math.min(10, RUNS.admin) : RUNS.admin });
      await fc.assert(property(route, false), { numRuns: route.isPublic ? RUNS.anonymousPublic : RUNS.anonymousAdmin });
    });
  }
});
