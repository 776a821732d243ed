import { createHash } from "node:crypto";
import { DOCUMENT_MAX_BYTES, type ProductDocument } from "@shared/documents";
import type { Product, ProductInput } from "@shared/schemas/product";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createTestProduct } from "../../test/catalogue";
import { documentMultipart, ESCAPED_ACTIVE_PDFS, handWrittenPdf, makeEncryptedPdf, makePdf } from "../../test/pdf";
import { STORAGE_KINDS, withStorage } from "../../test/storage-context";
import type { TestContext } from "../../test/test-app";
import { documentDownloadsDaily } from "../db/schema/index";
import { DOCUMENT_CACHE_SECONDS } from "./documents";

let ctx: TestContext;

const FIELDS = { kind: "tds", language: "both", versionLabel: "v2", documentDate: "2026-03-01", visibility: "public" };

const createProduct = (overrides: Partial<ProductInput> = {}): Promise<Product> => createTestProduct(ctx, overrides);

function upload(
  productId: string,
  data: Buffer | null,
  options: { filename?: string; contentType?: string; fields?: Record<string, string>; auth?: boolean } = {},
) {
  const body = documentMultipart(
    data && { data, filename: options.filename ?? "fiche.pdf", contentType: options.contentType ?? "application/pdf" },
    options.fields ?? FIELDS,
  );
  return ctx.app.inject({
    method: "POST",
    url: `/api/products/${productId}/documents`,
    payload: body.payload,
    headers: { ...body.headers, ...(options.auth === false ? {} : ctx.auth) },
  });
}

async function uploaded(productId: string, data: Buffer, fields: Record<string, string> = FIELDS): Promise<ProductDocument> {
  const response = await upload(productId, data, { fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductDocument>();
}

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "GET", url, headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", ...headers } });

async function downloadsOf(documentId: string): Promise<number> {
  const rows = await ctx.database.db.select().from(documentDownloadsDaily).where(eq(documentDownloadsDaily.documentId, documentId));
  return rows.reduce((sum, row) => sum + row.downloads, 0);
}

async function storedHashes(): Promise<string[]> {
  const hashes: string[] = [];
  for await (const hash of ctx.storage.listDocuments()) hashes.push(hash);
  return hashes;
}

describe.each(STORAGE_KINDS)("product documents on %s", (kind) => {
  withStorage(kind, (opened) => {
    ctx = opened;
  });

  it("needs a signed-in administrator before reading the upload", async () => {
    const response = await upload("00000000-0000-4000-8000-000000000000", await makePdf(), { auth: false });
    expect(response.statusCode).toBe(401);
  });

  it("stores a valid PDF, lists it, and serves it as a sandboxed attachment, cached briefly under its hash as entity tag", async () => {
    const product = await createProduct();
    const pdf = await makePdf();
    const document = await uploaded(product._id, pdf);
    expect(document).toMatchObject({
      kind: "tds",
      language: "both",
      versionLabel: "v2",
      documentDate: "2026-03-01",
      sizeBytes: pdf.length,
    });
    expect(document.url).toBe(`/documents/${document.contentHash}/${product.slug}-tds-fr-en-v2.pdf`);
    const list = await ctx.call("GET", `/products/${product._id}/documents`);
    expect(list.json<ProductDocument[]>().map((d) => d._id)).toEqual([document._id]);

    const response = await get(document.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="${product.slug}-tds-fr-en-v2.pdf"; filename*=UTF-8''${product.slug}-tds-fr-en-v2.pdf`,
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe(`public, max-age=${DOCUMENT_CACHE_SECONDS}, must-revalidate`);
    expect(response.headers.etag).toBe(`"${document.contentHash}"`);
    expect(response.headers["content-security-policy"]).toBe("sandbox");
    expect(response.rawPayload.equals(pdf)).toBe(true);

    const json = await ctx.app.inject({ method: "GET", url: `/api/products/${product.slug}` });
    expect(json.json<{ documents: unknown[] }>().documents).toEqual([
      expect.objectContaining({ kind: "tds", url: document.url, sizeBytes: pdf.length }),
    ]);
  });

  it("counts each browser download once per GET, not HEAD, Range or a bot, and keeps no IP or user agent", async () => {
    const product = await createProduct();
    const document = await uploaded(product._id, await makePdf("count me"));
    await get(document.url);
    await get(document.url);
    await ctx.app.inject({ method: "HEAD", url: document.url, headers: { "user-agent": "Mozilla/5.0" } });
    await get(document.url, { range: "bytes=100-" });
    await get(document.url, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    expect(await downloadsOf(document._id)).toBe(2);
    const [row] = await ctx.database.db.select().from(documentDownloadsDaily).where(eq(documentDownloadsDaily.documentId, document._id));
    expect(Object.keys(row ?? {}).sort()).toEqual(["day", "documentId", "downloads", "productId"]);
    expect(row?.productId).toBe(product._id);
  });

  it("refuses the 31st download in a minute from one address with a 429, without counting it", async () => {
    const product = await createProduct();
    const document = await uploaded(product._id, await makePdf("burst"));
    const from = (address: string) =>
      ctx.app.inject({ method: "GET", url: document.url, remoteAddress: address, headers: { "user-agent": "Mozilla/5.0 Firefox/140.0" } });
    const answers = await Promise.all(Array.from({ length: 31 }, () => from("203.0.113.77")));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(30);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toMatchObject({ error: expect.any(String) });
    expect(await downloadsOf(document._id)).toBe(30);
    // Another address is not held back by the first one's burst.
    expect((await from("203.0.113.78")).statusCode).toBe(200);
  });

  it.each([
    [
      "a PNG renamed .pdf",
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } })
          .png()
          .toBuffer(),
    ],
    [
      "a JPEG renamed .pdf",
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } })
          .jpeg()
          .toBuffer(),
    ],
    ["an HTML page named .pdf", async () => Buffer.from("<!doctype html><script>alert(1)</script>%PDF-1.7")],
    [
      "a GIF with a PDF appended (polyglot)",
      async () => Buffer.concat([Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), await makePdf()]),
    ],
    ["a PDF header after byte 0", async () => Buffer.concat([Buffer.from("\n"), await makePdf()])],
  ])("refuses %s by its content with 415 document.not_a_pdf", async (_name, bytes) => {
    const product = await createProduct();
    const response = await upload(product._id, await bytes(), { contentType: "application/pdf" });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: "document.not_a_pdf" });
    expect((await ctx.call("GET", `/products/${product._id}/documents`)).json()).toEqual([]);
  });

  it("refuses a file starting with %PDF- that does not parse, an encrypted PDF and a PDF with JavaScript", async () => {
    const product = await createProduct();
    const broken = await upload(product._id, Buffer.from("%PDF-1.7\nnot really a pdf"));
    expect([broken.statusCode, broken.json().code]).toEqual([422, "document.unreadable_pdf"]);
    const encrypted = await upload(product._id, await makeEncryptedPdf());
    expect([encrypted.statusCode, encrypted.json().code]).toEqual([422, "document.encrypted"]);
    const scripted = await upload(product._id, await makePdf("js", { javascript: true }));
    expect([scripted.statusCode, scripted.json().code]).toEqual([422, "document.active_content"]);
  });

  it.each(ESCAPED_ACTIVE_PDFS)("refuses %s (issue 28) with 422 document.active_content, storing nothing", async (_name, parts) => {
    const product = await createProduct();
    const response = await upload(product._id, handWrittenPdf(parts));
    expect([response.statusCode, response.json().code]).toEqual([422, "document.active_content"]);
    expect((await ctx.call("GET", `/products/${product._id}/documents`)).json()).toEqual([]);
    expect(await storedHashes()).not.toContain(createHash("sha256").update(handWrittenPdf(parts)).digest("hex"));
  });

  it("answers 413 document.too_large past the limit, and 400 document.no_file for an empty or missing file", async () => {
    const product = await createProduct();
    const big = Buffer.concat([await makePdf(), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const tooBig = await upload(product._id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: "document.too_large", params: { maxMb: 20 } });
    const empty = await upload(product._id, Buffer.alloc(0));
    expect([empty.statusCode, empty.json().code]).toEqual([400, "document.no_file"]);
    const none = await upload(product._id, null);
    expect([none.statusCode, none.json().code]).toEqual([400, "document.no_file"]);
  });

  it("answers 400 validation naming a refused metadata field, its message and its code", async () => {
    const product = await createProduct();
    const refused = await upload(product._id, await makePdf(), { fields: { ...FIELDS, kind: "poster" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: "Type de document inconnu / Unknown document type",
      code: "validation",
      details: [{ path: "kind", message: "Type de document inconnu / Unknown document type", messageCode: "document.kind" }],
    });
  });

  it("does not serve an on-request document, one of an inactive product, or an unknown hash or name", async () => {
    const product = await createProduct();
    const onRequest = await uploaded(product._id, await makePdf("coa"), { ...FIELDS, kind: "coa", visibility: "on_request" });
    expect((await get(onRequest.url)).statusCode).toBe(404);
    const hidden = await createProduct({ isActive: false });
    const ofHidden = await uploaded(hidden._id, await makePdf("hidden"));
    expect((await get(ofHidden.url)).statusCode).toBe(404);
    const visible = await uploaded(product._id, await makePdf("visible"));
    expect((await get(visible.url.replace(/\/[^/]+$/, "/other-name.pdf"))).statusCode).toBe(404);
    expect((await get(`/documents/${"0".repeat(64)}/x.pdf`)).statusCode).toBe(404);
    const json = await ctx.app.inject({ method: "GET", url: `/api/products/${product.slug}` });
    expect(json.json<{ documents: { url: string }[] }>().documents.map((d) => d.url)).toEqual([visible.url]);
    expect(await downloadsOf(onRequest._id)).toBe(0);
  });

  it("answers a revalidation of a still public document 304 without its bytes, and counts it as a download", async () => {
    const product = await createProduct();
    const document = await uploaded(product._id, await makePdf("revalidated"));
    const first = await get(document.url);
    expect(first.statusCode).toBe(200);
    for (const ifNoneMatch of [first.headers.etag, `W/${first.headers.etag}`, `"other", ${first.headers.etag}`, "*"]) {
      const again = await get(document.url, { "if-none-match": String(ifNoneMatch) });
      expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers["cache-control"]).toBe(first.headers["cache-control"]);
    }
    expect((await get(document.url, { "if-none-match": '"another-hash"' })).statusCode).toBe(200);
    expect(await downloadsOf(document._id)).toBe(6);
  });

  it.each([
    [
      "made on request",
      async (product: Product, document: ProductDocument) => {
        const edited = await ctx.call("PATCH", `/products/${product._id}/documents/${document._id}`, {
          visibility: "on_request",
          version: document.version,
        });
        expect(edited.statusCode, edited.body).toBe(200);
      },
    ],
    [
      "whose product is switched off",
      async (product: Product) => {
        const switched = await ctx.call("PATCH", `/products/${product._id}`, { isActive: false });
        expect(switched.statusCode, switched.body).toBe(200);
      },
    ],
  ])("never lets caches keep a document for longer than a few minutes: one %s answers 404 on the next request", async (_name, withdraw) => {
    const product = await createProduct();
    const document = await uploaded(product._id, await makePdf(`withdrawn ${product._id}`));
    const served = await get(document.url);
    expect(served.statusCode).toBe(200);
    const cacheControl = String(served.headers["cache-control"]);
    expect(cacheControl).not.toMatch(/immutable/);
    expect(cacheControl).toMatch(/\bmust-revalidate\b|\bno-cache\b/);
    const lifetimes = [...cacheControl.matchAll(/\b(?:s-)?max-age=(\d+)/g)].map((match) => Number(match[1]));
    expect(Math.max(...lifetimes)).toBeLessThanOrEqual(300);

    await withdraw(product, document);
    const requests: Record<string, string>[] = [{}, { "if-none-match": String(served.headers.etag) }];
    for (const headers of requests) {
      const gone = await get(document.url, headers);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers["cache-control"]).toBe("no-store");
    }
  });

  it("edits metadata with an optimistic version (409 on a stale one) and reorders", async () => {
    const product = await createProduct();
    const first = await uploaded(product._id, await makePdf("one"));
    const second = await uploaded(product._id, await makePdf("two"));
    const edited = await ctx.call("PATCH", `/products/${product._id}/documents/${first._id}`, { visibility: "on_request", version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ProductDocument>()).toMatchObject({ visibility: "on_request", version: 2 });
    // A PATCH changes only what it names: the version label, the date and the visibility stay.
    const relabelled = await ctx.call("PATCH", `/products/${product._id}/documents/${first._id}`, { language: "en", version: 2 });
    expect(relabelled.json<ProductDocument>()).toMatchObject({
      language: "en",
      visibility: "on_request",
      versionLabel: "v2",
      documentDate: "2026-03-01",
      version: 3,
    });
    const stale = await ctx.call("PATCH", `/products/${product._id}/documents/${first._id}`, { versionLabel: "x", version: 1 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, "edit_conflict"]);
    const order = await ctx.call("PUT", `/products/${product._id}/documents/order`, { ids: [second._id, first._id] });
    expect(order.json<ProductDocument[]>().map((d) => d._id)).toEqual([second._id, first._id]);
  });

  it("stores the same file once, and deletes it only when no document uses it any more", async () => {
    const pdf = await makePdf("shared file");
    const a = await createProduct();
    const b = await createProduct();
    const one = await uploaded(a._id, pdf);
    const two = await uploaded(b._id, pdf);
    expect(two.contentHash).toBe(one.contentHash);
    expect((await ctx.call("DELETE", `/products/${a._id}/documents/${one._id}`)).statusCode).toBe(204);
    expect(await storedHashes()).toContain(one.contentHash);
    expect((await get(two.url)).statusCode).toBe(200);
    expect((await ctx.call("DELETE", `/products/${b._id}/documents/${two._id}`)).statusCode).toBe(204);
    expect(await storedHashes()).not.toContain(one.contentHash);
  });

  it("sweeps a stored file no document names (left by a crash), and keeps every file in use", async () => {
    const product = await createProduct();
    const kept = await uploaded(product._id, await makePdf("kept"));
    const orphan = await makePdf("orphan");
    const orphanHash = createHash("sha256").update(orphan).digest("hex");
    await ctx.storage.saveDocument(orphanHash, orphan);
    const removed = await ctx.app.services.documents.sweep();
    expect(removed).toContain(orphanHash);
    expect(removed).not.toContain(kept.contentHash);
    expect(await storedHashes()).toContain(kept.contentHash);
    expect(await storedHashes()).not.toContain(orphanHash);
  });

  it("writes a history line for an upload", async () => {
    const product = await createProduct();
    await uploaded(product._id, await makePdf("history"));
    const history = await ctx.call("GET", "/history?type=document");
    expect(history.statusCode).toBe(200);
    expect(history.json<{ type: string; action: string }[]>()[0]).toMatchObject({
      entityType: "document",
      action: "create",
      entityId: product._id,
    });
  });
});
