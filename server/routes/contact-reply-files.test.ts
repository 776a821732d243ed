import { documentFieldsSchema, type ProductDocument } from "@shared/documents";
import { MAIL_LIMITS } from "@shared/limits";
import type { ContactSubmission, MailAttachment, Thread } from "@shared/schemas/contact";
import type { Product } from "@shared/schemas/product";
import { eq, sum } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct } from "../../test/catalogue";
import { makePdf } from "../../test/pdf";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import { multipart } from "../../test/uploads";
import { documentDownloadsDaily } from "../db/schema/index";

let ctx: TestContext;
let product: Product;
let document: ProductDocument;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  product = await createTestProduct(ctx, { slug: "ulva-reply", nameFr: "Ulva", nameEn: "Ulva" });
  document = await ctx.app.services.documents.create(
    product._id,
    await makePdf("Certificat d'analyse 24-117"),
    "coa-24-117.pdf",
    documentFieldsSchema.parse({ kind: "coa", language: "both", versionLabel: "24-117", documentDate: null, visibility: "on_request" }),
  );
});
afterAll(() => ctx.close());

async function thread(): Promise<ContactSubmission> {
  seq += 1;
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/contact",
    remoteAddress: `10.7.0.${seq}`,
    payload: {
      fullName: "Zoé Müller",
      email: `buyer${seq}@example.com`,
      phone: "",
      subject: `CoA ${seq}`,
      message: "Le CoA du lot 24-117 SVP",
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<ContactSubmission>();
}

function attach(id: string, data: Buffer, filename: string, contentType: string) {
  const body = multipart({ data, filename, contentType, field: "file" });
  return ctx.app.inject({
    method: "POST",
    url: `/api/contact/${id}/files`,
    payload: body.payload,
    headers: { ...body.headers, ...ctx.auth },
  });
}

/** The mail to the buyer whose subject starts so, once the SMTP server has it (sent by the request or the outbox worker). */
async function sentMail(subject: string) {
  await expect.poll(() => ctx.smtp.received.some((m) => m.parsed.subject?.startsWith(subject)), { timeout: 15_000 }).toBe(true);
  return ctx.smtp.received.find((m) => m.parsed.subject?.startsWith(subject));
}

const downloads = async () =>
  Number(
    (
      await ctx.database.db
        .select({ n: sum(documentDownloadsDaily.downloads) })
        .from(documentDownloadsDaily)
        .where(eq(documentDownloadsDaily.documentId, document._id))
    )[0]?.n ?? 0,
  );

describe("a reply carrying the product's documents and uploaded files (decision 0115)", () => {
  it("sends the product document and the uploaded PDF and image as attachments, lists them in the thread and counts the document as a download", async () => {
    const submission = await thread();
    const pdf = await attach(submission._id, await makePdf("Fiche de données de sécurité"), "../../FDS.pdf", "application/pdf");
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json<MailAttachment>().fileName).toBe("FDS.pdf");
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0a6" } })
      .png()
      .toBuffer();
    const image = await attach(submission._id, png, "photo-lot.png", "image/png");
    expect(image.statusCode, image.body).toBe(201);
    const before = await downloads();

    const replied = await ctx.call("POST", `/contact/${submission._id}/reply`, {
      replyMessage: "Voici le CoA et la FDS.",
      documentIds: [document._id],
      fileIds: [pdf.json<MailAttachment>()._id, image.json<MailAttachment>()._id],
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json<{ data: { submission: ContactSubmission } }>().data.submission.state).toBe("waiting_customer");

    const mail = await sentMail(`Re: ${submission.subject}`);
    expect(mail?.parsed.attachments.map((a) => [a.filename, a.contentType]).sort()).toEqual(
      [
        ["FDS.pdf", "application/pdf"],
        ["coa-24-117.pdf", "application/pdf"],
        ["photo-lot.png", "image/png"],
      ].sort(),
    );
    expect(
      mail?.parsed.attachments
        .find((a) => a.filename === "coa-24-117.pdf")
        ?.content.subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(mail?.parsed.text).toContain("Voici le CoA et la FDS.");
    expect(mail?.parsed.html).toContain("coa-24-117.pdf");
    expect(await downloads()).toBe(before + 1);

    const listed = (await ctx.call("GET", `/contact/${submission._id}/thread`)).json<Thread>();
    const ours = listed.entries.find((e) => e.direction === "out");
    expect(ours?.attachments.map((a) => a.fileName).sort()).toEqual(["FDS.pdf", "coa-24-117.pdf", "photo-lot.png"]);
    expect(ours?.attachments.find((a) => a.fileName === "coa-24-117.pdf")).toMatchObject({
      productId: product._id,
      documentId: document._id,
    });
  });

  it.each([
    ["a text file", 415, "reply.file_type", Buffer.from("hello"), "note.txt", "text/plain"],
    [
      "an SVG (it can carry scripts)",
      415,
      "reply.file_type",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "x.svg",
      "image/svg+xml",
    ],
    [
      "a file over the reply's cap",
      413,
      "reply.files_too_large",
      Buffer.alloc(MAIL_LIMITS.replyAttachmentsMaxBytes + 1, 1),
      "big.pdf",
      "application/pdf",
    ],
  ] as const)("refuses %s with %i and keeps nothing", async (_name, status, code, data, filename, type) => {
    const submission = await thread();
    const response = await attach(submission._id, data, filename, type);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
    expect((await ctx.call("GET", `/contact/${submission._id}/thread`)).json<Thread>().entries).toEqual([]);
  });

  it("refuses another thread's file, an unknown document, more than 10 files and more than 10 MB in all, sending nothing", async () => {
    const [first, second] = [await thread(), await thread()];
    const file = (await attach(first._id, await makePdf("A"), "a.pdf", "application/pdf")).json<MailAttachment>();
    const reply = (id: string, body: object) => ctx.call("POST", `/contact/${id}/reply`, { replyMessage: "Bonjour", ...body });
    expect((await reply(second._id, { fileIds: [file._id] })).statusCode).toBe(404);
    expect((await reply(second._id, { documentIds: ["00000000-0000-4000-8000-000000000000"] })).statusCode).toBe(404);
    expect((await reply(second._id, { documentIds: Array(MAIL_LIMITS.replyAttachmentsMax + 1).fill(document._id) })).statusCode).toBe(400);
    // Two photos of about 6 MB each: each may be uploaded, not both sent.
    const photos = [];
    for (const mean of [100, 150]) {
      const noise = await sharp({
        create: { width: 1800, height: 1200, channels: 3, background: "#000", noise: { type: "gaussian", mean, sigma: 60 } },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noise.length).toBeGreaterThan(MAIL_LIMITS.replyAttachmentsMaxBytes / 2);
      const uploaded = await attach(second._id, noise, `photo-${mean}.png`, "image/png");
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      photos.push(uploaded.json<MailAttachment>()._id);
    }
    const tooMuch = await reply(second._id, { fileIds: photos });
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json()).toMatchObject({ code: "reply.files_too_large" });
    expect((await ctx.call("GET", `/contact/${second._id}/thread`)).json<Thread>().entries).toEqual([]);
    expect(ctx.smtp.received.some((m) => m.parsed.subject?.startsWith(`Re: ${second.subject}`))).toBe(false);
  });

  it("signs the reply with the sender's signature set under Mon compte, in the thread's language", async () => {
    const signature = { name: "Sami Trabelsi", title: "Responsable commercial", phone: "+216 72 000 000" };
    expect((await ctx.call("PUT", "/auth/signature", signature)).statusCode).toBe(200);
    expect((await ctx.call("GET", "/auth/signature")).json()).toEqual(signature);
    const submission = await thread();
    expect((await ctx.call("POST", `/contact/${submission._id}/reply`, { replyMessage: "Bonjour" })).statusCode).toBe(200);
    const mail = await sentMail(`Re: ${submission.subject}`);
    expect(mail?.parsed.text).toContain("Sami Trabelsi\nResponsable commercial\n+216 72 000 000");
    expect(mail?.parsed.text).toMatch(/Le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, Zoé Müller a écrit :/);
  });
});

describe("the conversation's state, filters and drafts (decision 0115)", () => {
  it("takes back an uploaded draft before the reply (then it cannot be sent), never another thread's", async () => {
    const [mine, other] = [await thread(), await thread()];
    const file = (await attach(mine._id, await makePdf("B"), "b.pdf", "application/pdf")).json<MailAttachment>();
    expect((await ctx.call("DELETE", `/contact/${other._id}/files/${file._id}`)).statusCode).toBe(404);
    expect((await ctx.call("DELETE", `/contact/${mine._id}/files/${file._id}`)).statusCode).toBe(204);
    expect((await ctx.call("DELETE", `/contact/${mine._id}/files/${file._id}`)).statusCode).toBe(404);
    expect((await ctx.call("POST", `/contact/${mine._id}/reply`, { replyMessage: "Bonjour", fileIds: [file._id] })).statusCode).toBe(404);
  });

  it("moves a thread through its states, names the replying account, and filters the threads waiting for the team", async () => {
    const fresh = await thread();
    const replied = await thread();
    expect((await ctx.call("POST", `/contact/${replied._id}/reply`, { replyMessage: "Bonjour" })).statusCode).toBe(200);
    const entry = (await ctx.call("GET", `/contact/${replied._id}/thread`)).json<Thread>().entries[0];
    expect(entry).toMatchObject({ direction: "out", author: ADMIN.email });
    const waiting = async () =>
      (await ctx.call("GET", "/contact/submissions?filter=waiting&limit=100")).json<ContactSubmission[]>().map((m) => m._id);
    expect(await waiting()).toContain(fresh._id);
    expect(await waiting()).not.toContain(replied._id);

    const closed = await ctx.call("PATCH", `/contact/${fresh._id}/state`, { state: "answered" });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<ContactSubmission>()).toMatchObject({ _id: fresh._id, state: "answered" });
    expect(await waiting()).not.toContain(fresh._id);
    const byState = (await ctx.call("GET", "/contact/submissions?state=answered&limit=100")).json<ContactSubmission[]>();
    expect(byState.every((m) => m.state === "answered")).toBe(true);
    expect((await ctx.call("PATCH", `/contact/${fresh._id}/state`, { state: "closed" })).statusCode).toBe(400);
    expect((await ctx.call("GET", "/contact/submissions?filter=bounced")).statusCode).toBe(400);
  });
});
