import { randomUUID } from "node:crypto";
import type { Role } from "@shared/roles";
import { imageHashOf, type Media } from "@shared/schemas/media";
import { sql } from "drizzle-orm";
import type { Response as LightMyRequestResponse } from "light-my-request";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { multipart } from "../../test/uploads";
import { createAdmin } from "../services/auth";

const PASSWORD = "media-alt-test-password-1";
let ctx: TestContext;
let colour = 0;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["editor", "sales"] as const) {
    const email = `${role}-${randomUUID().slice(0, 8)}@media-alt.test`;
    await createAdmin(ctx.database.db, email, PASSWORD, { role });
    const answer = await ctx.call("POST", "/auth/login", { email, password: PASSWORD }, false);
    tokens[role] = answer.json<{ token: string }>().token;
  }
});
afterAll(async () => ctx.close());

/** The media screen's upload: `POST /api/upload/image` (multipart `image`) with this bearer token. */
async function uploadAs(authorization: string) {
  colour += 1;
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: colour, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const body = multipart({ data: png, filename: `alt-${colour}.png`, contentType: "image/png" });
  return ctx.app.inject({ method: "POST", url: "/api/upload/image", payload: body.payload, headers: { ...body.headers, authorization } });
}

async function upload(): Promise<string> {
  const response = await uploadAs(ctx.auth.authorization);
  expect(response.statusCode, response.body).toBe(201);
  return imageHashOf(response.json<{ url: string }>().url) ?? "";
}

/** Every id the filter lists, page after page of `limit`, and the total the first page announced. */
async function walk(limit: number): Promise<{ ids: string[]; total: string | undefined; pages: number }> {
  const ids: string[] = [];
  let url: string | undefined = `/api/media?missingAlt=true&limit=${limit}`;
  let total: string | undefined;
  let pages = 0;
  while (url) {
    const page: LightMyRequestResponse = await ctx.app.inject({ method: "GET", url, headers: ctx.auth });
    expect(page.statusCode, page.body).toBe(200);
    total ??= String(page.headers["x-total-count"]);
    ids.push(...page.json<Media[]>().map((m) => m._id));
    pages += 1;
    url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ""))?.[1];
  }
  return { ids, total, pages };
}

/** The same question asked plainly of the table, without the service. */
async function plainMissing(): Promise<string[]> {
  const result = (await ctx.database.db.execute(
    sql`select hash from media where decorative = false and (alt_fr = '' or alt_en = '') order by created_at desc, hash desc`,
  )) as unknown as { rows: { hash: string }[] };
  return result.rows.map((row) => row.hash);
}

const patch = (id: string, fields: { altFr: string; altEn: string; decorative: boolean }) =>
  ctx.call("PATCH", `/media/${id}`, { ...fields, focalX: 50, focalY: 50 });

describe("media library: images lacking alt text", () => {
  it("lists, page by page, exactly the images a plain count finds lacking alt text, until both alt texts are saved", async () => {
    const [both, frOnly, decorative, none, later] = [await upload(), await upload(), await upload(), await upload(), await upload()];
    expect((await patch(both, { altFr: "Laitue de mer", altEn: "Sea lettuce", decorative: false })).statusCode).toBe(200);
    expect((await patch(frOnly, { altFr: "Laitue de mer", altEn: "", decorative: false })).statusCode).toBe(200);
    expect((await patch(decorative, { altFr: "", altEn: "", decorative: true })).statusCode).toBe(200);

    const plain = await plainMissing();
    const listed = await walk(2);
    expect(listed.ids).toEqual(plain);
    expect(listed.total).toBe(String(plain.length));
    expect(listed.pages).toBe(Math.ceil(plain.length / 2));
    expect(listed.ids).toEqual(expect.arrayContaining([frOnly, none, later]));
    expect(listed.ids).not.toContain(both);
    expect(listed.ids).not.toContain(decorative);

    expect((await patch(none, { altFr: "Fucus", altEn: "Bladderwrack", decorative: false })).statusCode).toBe(200);
    const after = await walk(50);
    expect(after.ids).not.toContain(none);
    expect(after.ids).toEqual(await plainMissing());
  });

  it("combines with the search, and refuses a value other than true or false with its code", async () => {
    const listed = (await ctx.call("GET", "/media?missingAlt=true&q=alt-&limit=200")).json<Media[]>();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((m) => !m.decorative && (m.altFr === "" || m.altEn === ""))).toBe(true);
    const refused = await ctx.call("GET", "/media?missingAlt=maybe");
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("media.missing_alt");
  });

  it("reads the filter from its partial index", async () => {
    const result = (await ctx.database.db.execute(
      sql`select indexdef from pg_indexes where tablename = 'media' and indexname = 'media_missing_alt_idx'`,
    )) as unknown as { rows: { indexdef: string }[] };
    expect(result.rows[0]?.indexdef).toMatch(/WHERE .*decorative/i);
  });

  it("counts them on the dashboard for a role that reads the library, and for no other", async () => {
    const summaryOf = async (authorization: string) =>
      (await ctx.app.inject({ method: "GET", url: "/api/analytics/summary", headers: { authorization } })).json<{
        imagesMissingAlt?: number;
      }>();
    const plain = (await plainMissing()).length;
    expect((await summaryOf(ctx.auth.authorization)).imagesMissingAlt).toBe(plain);
    expect((await summaryOf(`Bearer ${tokens.editor}`)).imagesMissingAlt).toBe(plain);
    expect(await summaryOf(`Bearer ${tokens.sales}`)).not.toHaveProperty("imagesMissingAlt");
  });

  it("takes an upload from the media screen's route for a role that may upload, and refuses a lower role (403)", async () => {
    expect((await uploadAs(`Bearer ${tokens.editor}`)).statusCode).toBe(201);
    const refused = await uploadAs(`Bearer ${tokens.sales}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code?: string }>().code).toBe("role.forbidden");
  });
});
