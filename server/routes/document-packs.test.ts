import { randomBytes, randomUUID } from "node:crypto";
import { PACK_ADD_PATH, PACK_COOKIE, PACK_MAX_ITEMS, PACK_REMOVE_PATH, type PackTicket } from "@shared/document-pack";
import type { ProductDocument } from "@shared/documents";
import type { Role } from "@shared/roles";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct } from "../../test/catalogue";
import { documentMultipart, makePdf } from "../../test/pdf";
import { createTestContext, type TestContext } from "../../test/test-app";
import { contactSubmissions, documentDownloadsDaily, documentPackLinks, documentRequestItems, mailOutbox } from "../db/schema/index";
import { signFormTime } from "../lib/spam-rules";
import { createAdmin } from "../services/auth";

/** Document packs (decision 0125): the cookie pack, one request, approval, the link and its files. PGlite or PostgreSQL. */
let ctx: TestContext;
let clients = 0;
const newClient = () => `10.125.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
const SECRET = "test-secret-test-secret-test-secret-0123";
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };
const tokens = {} as Record<Role, string>;

type Docs = { ulvaTds: ProductDocument; ulvaSds: ProductDocument; codiumCoa: ProductDocument; hidden: ProductDocument };
let docs: Docs;

async function upload(productId: string, fields: Record<string, string>): Promise<ProductDocument> {
  const body = documentMultipart(
    { data: await makePdf(`${productId} ${fields.kind}`), filename: "doc.pdf", contentType: "application/pdf" },
    fields,
  );
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/products/${productId}/documents`,
    payload: body.payload,
    headers: { ...body.headers, ...ctx.auth },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductDocument>();
}

/** POSTs a pack form (add, remove) with the cookie given; returns the new cookie's ids and the answer. */
async function edit(path: string, fields: Record<string, string>, ids: string[] = [], remoteAddress = newClient()) {
  const response = await ctx.app.inject({
    method: "POST",
    url: path,
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${PACK_COOKIE}=${ids.join(".")}` },
    payload: new URLSearchParams(fields).toString(),
  });
  const cookie = String(response.headers["set-cookie"] ?? "");
  const value = /^document_pack=([^;]*)/.exec(cookie)?.[1] ?? "";
  return { response, cookie, ids: value ? value.split(".") : [] };
}

const buyer = (email: string, lang: "fr" | "en" = "fr") => ({
  fullName: "Amira Ben Salah",
  email,
  company: "Laboratoires Azur",
  message: "",
  formToken: signFormTime(SECRET, Date.now() - 60_000),
  lang,
});

/** A sent pack of `ids` from a buyer (the pack page's action calls the same service). */
async function sendPack(ids: string[], email = `buyer-${randomUUID().slice(0, 6)}@example.com`, lang: "fr" | "en" = "fr") {
  const sent = await ctx.app.services.packs.submit(buyer(email, lang), ids);
  if (!sent) throw new Error("nothing sent");
  return { id: sent._id, email };
}

const call = (role: Role | null, method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });

/** Approves `documentIds` as `role` and returns the token the buyer's mail carries. */
async function approve(id: string, email: string, documentIds: string[], role: Role = "sales"): Promise<string> {
  const before = ctx.smtp.received.filter((m) => m.envelopeTo.includes(email)).length;
  const response = await call(role, "POST", `/contact/${id}/documents/approve`, { documentIds });
  expect(response.statusCode, response.body).toBe(200);
  await expect
    .poll(() => ctx.smtp.received.filter((m) => m.envelopeTo.includes(email)).length, { timeout: 10_000 })
    .toBeGreaterThan(before);
  const mail = ctx.smtp.received.filter((m) => m.envelopeTo.includes(email)).at(-1);
  const token = /\/document-pack\/([A-Za-z0-9_-]{43})/.exec(mail?.parsed.text ?? "")?.[1];
  if (!token) throw new Error(`no link in ${mail?.parsed.text}`);
  return token;
}

const file = (token: string, documentId: string, remoteAddress = newClient()) =>
  ctx.app.inject({ method: "GET", url: `/document-pack/${token}/${documentId}`, remoteAddress, headers: BROWSER });

async function downloads(documentId: string): Promise<number> {
  const rows = await ctx.database.db.select().from(documentDownloadsDaily).where(eq(documentDownloadsDaily.documentId, documentId));
  return rows.reduce((sum, row) => sum + row.downloads, 0);
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["sales", "editor"] as const) {
    const email = `${role}-${randomUUID().slice(0, 8)}@packs.test`;
    await createAdmin(ctx.database.db, email, "correct-horse-battery-staple", { role });
    const login = await ctx.call("POST", "/auth/login", { email, password: "correct-horse-battery-staple" }, false);
    expect(login.statusCode, login.body).toBe(200);
    tokens[role] = login.json<{ token: string }>().token;
  }
  const ulva = await createTestProduct(ctx, { nameFr: "Ulva séchée", nameEn: "Dried Ulva" });
  const codium = await createTestProduct(ctx, { nameFr: "Codium", nameEn: "Codium" });
  const inactive = await createTestProduct(ctx, { isActive: false });
  docs = {
    ulvaTds: await upload(ulva._id, { kind: "tds", language: "fr", visibility: "public" }),
    ulvaSds: await upload(ulva._id, { kind: "sds", language: "en", visibility: "on_request" }),
    codiumCoa: await upload(codium._id, { kind: "coa", language: "both", visibility: "on_request" }),
    hidden: await upload(inactive._id, { kind: "tds", language: "fr", visibility: "public" }),
  };
});
afterAll(() => ctx.close());

describe("the pack being built (cookie)", () => {
  it("keeps each document of a public product once, drops unknown, malformed and hidden ids, and answers 303 to the pack's page", async () => {
    let ids: string[] = [];
    for (const documentId of [docs.ulvaTds._id, docs.ulvaTds._id, "not-an-id", randomUUID(), docs.hidden._id, docs.codiumCoa._id]) {
      const answer = await edit(PACK_ADD_PATH, { documentId }, ids);
      expect(answer.response.statusCode).toBe(303);
      expect(answer.response.headers.location).toBe("/document-pack");
      expect(answer.cookie).toMatch(/HttpOnly; SameSite=Lax/);
      ids = answer.ids;
    }
    expect(ids).toEqual([docs.ulvaTds._id, docs.codiumCoa._id]);
    const english = await edit(PACK_ADD_PATH, { documentId: docs.ulvaSds._id, lang: "en" }, ids);
    expect(english.response.headers.location).toBe("/document-pack?lang=en");
    expect(english.ids).toEqual([docs.ulvaTds._id, docs.codiumCoa._id, docs.ulvaSds._id]);
    const removed = await edit(PACK_REMOVE_PATH, { documentId: docs.ulvaTds._id }, english.ids);
    expect(removed.ids).toEqual([docs.codiumCoa._id, docs.ulvaSds._id]);
    const emptied = await edit(PACK_REMOVE_PATH, { documentId: docs.codiumCoa._id }, [docs.codiumCoa._id]);
    expect(emptied.cookie).toMatch(/^document_pack=; Max-Age=0/);
  });

  it(`holds at most ${PACK_MAX_ITEMS} documents, whatever a hand-made cookie says`, async () => {
    const forged = [...Array.from({ length: 30 }, () => randomUUID()), docs.ulvaTds._id];
    const answer = await edit(PACK_ADD_PATH, { documentId: docs.codiumCoa._id }, forged);
    // Only the first PACK_MAX_ITEMS ids are read: the real one past them is not kept, nor is the pack allowed to grow.
    expect(answer.ids.length).toBeLessThanOrEqual(PACK_MAX_ITEMS);
    expect(answer.ids).not.toContain(docs.ulvaTds._id);
    const pack = await ctx.app.services.packs.documents(forged, "fr");
    expect(pack).toEqual([]);
  });
});

describe("a sent pack", () => {
  it("is ONE message of type documents listing its items as requested, with the buyer's confirmation", async () => {
    const before = await ctx.database.db.$count(contactSubmissions);
    const { id } = await sendPack([docs.ulvaTds._id, docs.ulvaSds._id, docs.codiumCoa._id, docs.hidden._id, randomUUID()]);
    expect(await ctx.database.db.$count(contactSubmissions)).toBe(before + 1);
    const [row] = await ctx.database.db.select().from(contactSubmissions).where(eq(contactSubmissions._id, id));
    expect(row).toMatchObject({ requestType: "documents", subject: "Demande de documents (3)", company: "Laboratoires Azur" });
    expect(row?.message).toContain("Ulva séchée — Fiche technique");
    const items = await ctx.database.db.select().from(documentRequestItems).where(eq(documentRequestItems.submissionId, id));
    expect(items.map((item) => item.documentId).sort()).toEqual([docs.ulvaTds._id, docs.ulvaSds._id, docs.codiumCoa._id].sort());
    expect(new Set(items.map((item) => item.state))).toEqual(new Set(["requested"]));
    const kinds = (await ctx.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.submissionId, id))).map(
      (m) => m.kind,
    );
    expect(kinds.sort()).toEqual(["confirmation", "notification"]);
  });

  it("is not sent when no document of a public product is in it", async () => {
    expect(await ctx.app.services.packs.submit(buyer("nobody@example.com"), [docs.hidden._id, randomUUID()])).toBeNull();
  });

  it("sends at most the confirmation budget to one address, however many arrive at once", async () => {
    const email = `burst-${randomUUID().slice(0, 6)}@example.com`;
    await Promise.all(Array.from({ length: 8 }, () => sendPack([docs.ulvaTds._id], email)));
    const rows = await ctx.database.db
      .select({ id: contactSubmissions._id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, email));
    expect(rows).toHaveLength(8);
    const mine = [];
    for (const row of rows)
      mine.push(
        ...(await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, row.id))).filter(
          (m) => m.kind === "confirmation",
        ),
      );
    expect(mine.length).toBe(3);
  });
});

describe("approving, the link and its files", () => {
  it("approving two of three sends one mail in the buyer's language whose link lists and serves only them, each download counted", async () => {
    const { id, email } = await sendPack([docs.ulvaTds._id, docs.ulvaSds._id, docs.codiumCoa._id], undefined, "en");
    const token = await approve(id, email, [docs.ulvaTds._id, docs.codiumCoa._id]);
    const mail = ctx.smtp.received.filter((m) => m.envelopeTo.includes(email)).at(-1);
    expect(mail?.parsed.subject).toMatch(/^Your documents are ready \[#[0-9A-F]{6}\]$/);
    expect(mail?.parsed.text).toContain(`http://localhost:3000/document-pack/${token}?lang=en`);
    // Only the hash is stored.
    const links = await ctx.database.db.select().from(documentPackLinks).where(eq(documentPackLinks.submissionId, id));
    expect(links).toHaveLength(1);
    expect(links[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(links)).not.toContain(token);

    const view = await ctx.app.services.packs.view(token);
    expect(view.status).toBe("open");
    if (view.status !== "open") return;
    expect(view.lang).toBe("en");
    expect(view.documents.map((d) => d.documentId).sort()).toEqual([docs.ulvaTds._id, docs.codiumCoa._id].sort());
    expect(view.documents.find((d) => d.documentId === docs.codiumCoa._id)?.productName).toBe("Codium");

    const before = await downloads(docs.codiumCoa._id);
    const download = await file(token, docs.codiumCoa._id);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="test-product-\d+-coa-fr-en\.pdf"/);
    expect(download.headers["cache-control"]).toBe("private, no-store");
    expect(download.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await downloads(docs.codiumCoa._id)).toBe(before + 1);

    // Not approved, or approved in another pack: 404, the same as an unknown document.
    expect((await file(token, docs.ulvaSds._id)).statusCode).toBe(404);
    const other = await sendPack([docs.ulvaSds._id]);
    await approve(other.id, other.email, [docs.ulvaSds._id]);
    expect((await file(token, docs.ulvaSds._id)).statusCode).toBe(404);
    expect((await file(token, randomUUID())).statusCode).toBe(404);
    expect((await file(token, "not-a-uuid")).statusCode).toBe(404);

    const ticket = await call("sales", "GET", `/contact/${id}/documents`);
    expect(
      ticket
        .json<PackTicket>()
        .items.map((item) => [item.documentId, item.state])
        .sort(),
    ).toEqual(
      [
        [docs.ulvaTds._id, "approved"],
        [docs.ulvaSds._id, "requested"],
        [docs.codiumCoa._id, "approved"],
      ].sort(),
    );
    const [row] = await ctx.database.db.select().from(contactSubmissions).where(eq(contactSubmissions._id, id));
    expect(row?.state).toBe("waiting_customer");
    expect(row?.replies.at(-1)?.message).toContain("Codium");
    expect(row?.replies.at(-1)?.message).not.toContain(token);
  });

  it("an expired link answers 410 (page: gone, with the documents to ask again) and opens no file", async () => {
    const { id, email } = await sendPack([docs.ulvaTds._id, docs.codiumCoa._id]);
    const token = await approve(id, email, [docs.ulvaTds._id]);
    expect((await file(token, docs.ulvaTds._id)).statusCode).toBe(200);
    await ctx.database.db
      .update(documentPackLinks)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(documentPackLinks.submissionId, id));
    expect((await file(token, docs.ulvaTds._id)).statusCode).toBe(410);
    const view = await ctx.app.services.packs.view(token);
    expect(view).toMatchObject({ status: "gone", lang: "fr" });
    if (view.status === "gone") expect(view.documentIds.sort()).toEqual([docs.ulvaTds._id, docs.codiumCoa._id].sort());
    const rebuilt = await edit(PACK_ADD_PATH, { documentIds: view.status === "gone" ? view.documentIds.join(",") : "" });
    expect(rebuilt.ids.sort()).toEqual([docs.ulvaTds._id, docs.codiumCoa._id].sort());
  });

  it("a revoked link answers 410; refusing an approved document takes it out of the link", async () => {
    const { id, email } = await sendPack([docs.ulvaTds._id, docs.codiumCoa._id]);
    const token = await approve(id, email, [docs.ulvaTds._id, docs.codiumCoa._id]);
    const refused = await call("sales", "POST", `/contact/${id}/documents/refuse`, { documentIds: [docs.codiumCoa._id] });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await file(token, docs.codiumCoa._id)).statusCode).toBe(404);
    expect((await file(token, docs.ulvaTds._id)).statusCode).toBe(200);
    const revoked = await call("sales", "POST", `/contact/${id}/documents/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<PackTicket>().links[0]?.revokedAt).not.toBeNull();
    expect((await file(token, docs.ulvaTds._id)).statusCode).toBe(410);
    expect((await ctx.app.services.packs.view(token)).status).toBe("gone");
  });

  it("a refused request leaves nothing reachable, and a deleted message takes its links with it", async () => {
    const { id, email } = await sendPack([docs.ulvaTds._id]);
    const token = await approve(id, email, [docs.ulvaTds._id]);
    await call("sales", "POST", `/contact/${id}/documents/refuse`, { documentIds: [docs.ulvaTds._id] });
    expect((await file(token, docs.ulvaTds._id)).statusCode).toBe(404);
    const view = await ctx.app.services.packs.view(token);
    expect(view.status === "open" && view.documents).toEqual([]);
    expect((await ctx.call("DELETE", `/contact/${id}`)).statusCode).toBe(204);
    expect((await ctx.app.services.packs.view(token)).status).toBe("missing");
    expect((await file(token, docs.ulvaTds._id)).statusCode).toBe(404);
  });

  it("answers 404 to random and malformed tokens, and limits one address's tries to 20 a minute", async () => {
    expect((await ctx.app.services.packs.view(randomBytes(32).toString("base64url"))).status).toBe("missing");
    expect((await ctx.app.services.packs.view("short")).status).toBe("missing");
    const address = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await file(randomBytes(32).toString("base64url"), docs.ulvaTds._id, address)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe("who decides", () => {
  it.each([
    ["sales", 200],
    ["editor", 403],
    [null, 401],
  ] as const)("%s approving a pack gets %i", async (role, status) => {
    const { id } = await sendPack([docs.ulvaTds._id]);
    const response = await call(role, "POST", `/contact/${id}/documents/approve`, { documentIds: [docs.ulvaTds._id] });
    expect(response.statusCode, response.body).toBe(status);
    const links = await ctx.database.db.select().from(documentPackLinks).where(eq(documentPackLinks.submissionId, id));
    expect(links).toHaveLength(status === 200 ? 1 : 0);
  });

  it("approving a document the request does not hold, or a message that is not a pack, is 404", async () => {
    const { id } = await sendPack([docs.ulvaTds._id]);
    expect((await call("sales", "POST", `/contact/${id}/documents/approve`, { documentIds: [docs.codiumCoa._id] })).statusCode).toBe(404);
    expect(
      (await call("sales", "POST", `/contact/${randomUUID()}/documents/approve`, { documentIds: [docs.ulvaTds._id] })).statusCode,
    ).toBe(404);
  });
});
