import { documentFieldsSchema, type ProductDocument } from "@shared/documents";
import { MAIL_LIMITS } from "@shared/limits";
import type { Category } from "@shared/schemas/category";
import type { ContactSubmission, MailAttachment, Thread } from "@shared/schemas/contact";
import type { Product } from "@shared/schemas/product";
import { eq, sum } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../../test/pdf";
import { createTestContext, type TestContext } from "../../test/test-app";
import { multipart } from "../../test/uploads";
import { documentDownloadsDaily } from "../db/schema/index";

let ctx: TestContext;
let product: Product;
let document: ProductDocument;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const category = (await ctx.call("POST", "/categories", { slug: "reply-files", nameFr: "Fichiers", nameEn: "Files" })).json<Category>();
  const created = await ctx.call("POST", "/products", {
    slug: "ulva-reply",
    nameFr: "Ulva",
    nameEn: "Ulva",
    shortDescriptionFr: "Une algue",
    shortDescriptionEn: "An alga",
    mainImageUrl: "/uploads/algues/main.webp",
    categoryId: category._id,
    isActive: true,
    contentBlocks: [],
  });
  product = created.json<Product>();
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
    const sentBefore = ctx.smtp.received.length;

    const replied = await ctx.call("POST", `/contact/${submission._id}/reply`, {
      replyMessage: "Voici le CoA et la FDS.",
      documentIds: [document._id],
      fileIds: [pdf.json<MailAttachment>()._id, image.json<MailAttachment>()._id],
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json<{ data: { submission: ContactSubmission } }>().data.submission.state).toBe("waiting_customer");

    const mails = await ctx.smtp.waitFor(sentBefore + 1);
    const mail = mails.find((m) => m.parsed.subject?.startsWith(`Re: ${submission.subject}`));
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
    ["a text file", Buffer.from("hello"), "note.txt", "text/plain", 415, "reply.file_type"],
    [
      "an SVG (it can carry scripts)",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "x.svg",
      "image/svg+xml",
      415,
      "reply.file_type",
    ],
    [
      "a file over the reply's cap",
      Buffer.alloc(MAIL_LIMITS.replyAttachmentsMaxBytes + 1, 1),
      "big.pdf",
      "application/pdf",
      413,
      "reply.files_too_large",
    ],
  ])("refuses %s with %i and keeps nothing", async (_name, data, filename, type, status, code) => {
    const submission = await thread();
    const response = await attach(submission._id, data, filename, type);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
  });

  it("refuses another thread's file, an unknown document and more than 10 MB in all, sending nothing", async () => {
    const [first, second] = [await thread(), await thread()];
    const file = (await attach(first._id, await makePdf("A"), "a.pdf", "application/pdf")).json<MailAttachment>();
    const sentBefore = ctx.smtp.received.length;
    const reply = (id: string, body: object) => ctx.call("POST", `/contact/${id}/reply`, { replyMessage: "Bonjour", ...body });
    expect((await reply(second._id, { fileIds: [file._id] })).statusCode).toBe(404);
    expect((await reply(second._id, { documentIds: ["00000000-0000-4000-8000-000000000000"] })).statusCode).toBe(404);
    // The same document eleven times would be 11 attachments: over the list's cap.
    expect((await reply(second._id, { documentIds: Array(MAIL_LIMITS.replyAttachmentsMax + 1).fill(document._id) })).statusCode).toBe(400);
    expect((await ctx.call("GET", `/contact/${second._id}/thread`)).json<Thread>().entries).toEqual([]);
    expect(ctx.smtp.received.length).toBe(sentBefore);
  });

  it("signs the reply with the sender's signature set under Mon compte, in the thread's language", async () => {
    const signature = { name: "Sami Trabelsi", title: "Responsable commercial", phone: "+216 72 000 000" };
    expect((await ctx.call("PUT", "/auth/signature", signature)).statusCode).toBe(200);
    expect((await ctx.call("GET", "/auth/signature")).json()).toEqual(signature);
    const submission = await thread();
    const sentBefore = ctx.smtp.received.length;
    expect((await ctx.call("POST", `/contact/${submission._id}/reply`, { replyMessage: "Bonjour" })).statusCode).toBe(200);
    const mail = (await ctx.smtp.waitFor(sentBefore + 1)).find((m) => m.parsed.subject?.startsWith(`Re: ${submission.subject}`));
    expect(mail?.parsed.text).toContain("Sami Trabelsi\nResponsable commercial\n+216 72 000 000");
    expect(mail?.parsed.text).toMatch(/Le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, Zoé Müller a écrit :/);
  });
});
