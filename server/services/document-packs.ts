import { createHash, randomBytes } from "node:crypto";
import { PACK_LINK_DAYS, PACK_MAX_ITEMS, PACK_TOKEN_PATTERN, type PackRequest, type PackTicket, packLinkPath } from "@shared/document-pack";
import {
  DOCUMENT_KIND_NAMES,
  DOCUMENT_LANGUAGE_NAMES,
  type DocumentKind,
  type DocumentLanguage,
  type DocumentVisibility,
  documentDownloadName,
} from "@shared/documents";
import type { ContactSubmission } from "@shared/schemas/contact";
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  contactSubmissions,
  documentPackLinks,
  documentRequestItems,
  productDocuments,
  products,
  type StoredReply,
} from "../db/schema/index";
import { type Clock, isoNow, systemClock } from "../lib/clock";
import { notFound } from "../lib/http-error";
import { publicProduct } from "./catalogue/products";
import { type InboxService, recordReply, withRef } from "./inbox";
import type { Outbox } from "./mail/outbox";
import { type MailBrand, packMail } from "./mail/templates/index";
import type { ImageStorage, StoredDocument } from "./storage/types";

const DAY_MS = 24 * 60 * 60 * 1000;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A document as the pack pages show it. */
export type PackDocument = {
  documentId: string;
  productId: string;
  productSlug: string;
  productName: string;
  kind: DocumentKind;
  language: DocumentLanguage;
  visibility: DocumentVisibility;
  sizeBytes: number;
  versionLabel: string;
};

/** What a pack link opens: nothing (unknown token), a page saying it expired or was withdrawn, or the approved files. */
export type PackLinkView =
  | { status: "missing" }
  | { status: "gone"; lang: "fr" | "en"; documentIds: string[] }
  | { status: "open"; lang: "fr" | "en"; expiresAt: string; documents: PackDocument[] };

export const documentLabel = (doc: Pick<PackDocument, "kind" | "language" | "productName">, lang: "fr" | "en") =>
  `${doc.productName} — ${DOCUMENT_KIND_NAMES[doc.kind][lang]} (${DOCUMENT_LANGUAGE_NAMES[doc.language][lang]})`;

/**
 * Document packs (decision 0125): one request for documents of several products, approved in part or whole by the
 * sales team, whose approved files one unguessable link opens for PACK_LINK_DAYS days.
 */
export function createDocumentPackService(
  db: Db,
  deps: { storage: ImageStorage; inbox: InboxService; outbox: Outbox; brand: () => Promise<MailBrand>; publicUrl: string },
  countDownload: (documentId: string, productId: string) => Promise<void>,
  clock: Clock = systemClock,
) {
  const columns = (lang: "fr" | "en") => ({
    documentId: productDocuments._id,
    productId: productDocuments.productId,
    productSlug: products.slug,
    productName: lang === "en" ? sql<string>`coalesce(nullif(${products.nameEn}, ''), ${products.nameFr})` : products.nameFr,
    kind: productDocuments.kind,
    language: productDocuments.language,
    visibility: productDocuments.visibility,
    sizeBytes: productDocuments.sizeBytes,
    versionLabel: productDocuments.versionLabel,
    contentHash: productDocuments.contentHash,
  });

  /** The documents of publicly visible products among `ids` (any other id is dropped), by product then position. */
  async function documents(ids: readonly string[], lang: "fr" | "en"): Promise<PackDocument[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select(columns(lang))
      .from(productDocuments)
      .innerJoin(products, eq(products._id, productDocuments.productId))
      .where(and(inArray(productDocuments._id, ids.slice(0, PACK_MAX_ITEMS)), publicProduct(clock)))
      .orderBy(asc(products.nameFr), asc(productDocuments.position));
    return rows.map(({ contentHash: _hash, ...row }) => row);
  }

  /** The link a token names, with its request's language, or null for an unknown token. */
  async function linkOf(token: string) {
    if (!PACK_TOKEN_PATTERN.test(token)) return null;
    const [link] = await db
      .select({ link: documentPackLinks, lang: contactSubmissions.lang })
      .from(documentPackLinks)
      .innerJoin(contactSubmissions, eq(contactSubmissions._id, documentPackLinks.submissionId))
      .where(eq(documentPackLinks.tokenHash, hashOf(token)))
      .limit(1);
    if (!link) return null;
    const lang: "fr" | "en" = link.lang === "en" ? "en" : "fr";
    const open = link.link.revokedAt === null && Date.parse(link.link.expiresAt) > clock();
    return { ...link.link, lang, open };
  }

  /** The approved documents of a request (whose products are still public), with their stored file's hash. */
  async function approved(submissionId: string, lang: "fr" | "en", documentId?: string, executor: Pick<Db, "select"> = db) {
    return executor
      .select(columns(lang))
      .from(documentRequestItems)
      .innerJoin(productDocuments, eq(productDocuments._id, documentRequestItems.documentId))
      .innerJoin(products, eq(products._id, productDocuments.productId))
      .where(
        and(
          eq(documentRequestItems.submissionId, submissionId),
          eq(documentRequestItems.state, "approved"),
          documentId ? eq(documentRequestItems.documentId, documentId) : undefined,
          publicProduct(clock),
        ),
      )
      .orderBy(asc(products.nameFr), asc(productDocuments.position));
  }

  async function ticket(submissionId: string): Promise<PackTicket> {
    const items = await db
      .select({ ...columns("fr"), state: documentRequestItems.state })
      .from(documentRequestItems)
      .innerJoin(productDocuments, eq(productDocuments._id, documentRequestItems.documentId))
      .innerJoin(products, eq(products._id, productDocuments.productId))
      .where(eq(documentRequestItems.submissionId, submissionId))
      .orderBy(asc(products.nameFr), asc(productDocuments.position));
    const links = await db
      .select({ createdAt: documentPackLinks.createdAt, expiresAt: documentPackLinks.expiresAt, revokedAt: documentPackLinks.revokedAt })
      .from(documentPackLinks)
      .where(eq(documentPackLinks.submissionId, submissionId))
      .orderBy(desc(documentPackLinks.createdAt));
    const iso = (value: string) => new Date(value).toISOString();
    return {
      items: items.map(({ contentHash: _hash, productSlug: _slug, ...item }) => item),
      links: links.map((link) => ({
        createdAt: iso(link.createdAt),
        expiresAt: iso(link.expiresAt),
        revokedAt: link.revokedAt ? iso(link.revokedAt) : null,
      })),
    };
  }

  async function requireRequest(submissionId: string) {
    const [row] = await db
      .select({ id: contactSubmissions._id })
      .from(contactSubmissions)
      .where(and(eq(contactSubmissions._id, submissionId), eq(contactSubmissions.requestType, "documents")))
      .limit(1);
    if (!row) throw notFound("message");
  }

  return {
    documents,

    /**
     * Sends the pack as ONE message of type "documents" (the contact form's checks, spam rules and mails) with its
     * items in the same transaction. Null when no id names a document of a public product.
     */
    async submit(request: PackRequest, ids: readonly string[]): Promise<ContactSubmission | null> {
      const docs = await documents(ids, request.lang);
      if (docs.length === 0) return null;
      const lang = request.lang;
      const subject = lang === "en" ? `Document request (${docs.length})` : `Demande de documents (${docs.length})`;
      const list = docs.map((doc) => `- ${documentLabel(doc, lang)}`).join("\n");
      const message = request.message ? `${request.message}\n\n${list}` : list;
      return deps.inbox.submit(
        {
          fullName: request.fullName,
          email: request.email,
          phone: "",
          subject,
          message,
          requestType: "documents",
          company: request.company,
          lang,
          ...(request.country ? { country: request.country } : {}),
          ...(request.website === undefined ? {} : { website: request.website }),
          ...(request.formToken === undefined ? {} : { formToken: request.formToken }),
        },
        async (tx, row) => {
          await tx
            .insert(documentRequestItems)
            .values(docs.map((doc) => ({ submissionId: row._id, documentId: doc.documentId, productId: doc.productId })));
        },
      );
    },

    ticket,

    /**
     * Approves the chosen documents of a request and sends the buyer, in their language, ONE mail with a new link to
     * every approved document, recorded in the conversation as our reply. The token is shown once, in the mail.
     */
    async approve(submissionId: string, documentIds: string[], author?: string): Promise<PackTicket> {
      await requireRequest(submissionId);
      const brand = await deps.brand();
      const outboxId = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions._id, submissionId)).for("update");
        if (!row) throw notFound("message");
        const changed = await tx
          .update(documentRequestItems)
          .set({ state: "approved" })
          .where(and(eq(documentRequestItems.submissionId, submissionId), inArray(documentRequestItems.documentId, documentIds)))
          .returning({ id: documentRequestItems._id });
        if (changed.length === 0) throw notFound("document");
        const lang: "fr" | "en" = row.lang === "en" ? "en" : "fr";
        const token = randomBytes(32).toString("base64url");
        const expiresAt = new Date(clock() + PACK_LINK_DAYS * DAY_MS).toISOString();
        await tx.insert(documentPackLinks).values({ submissionId, tokenHash: hashOf(token), expiresAt });
        const docs = (await approved(submissionId, lang, undefined, tx)).map((doc) => documentLabel(doc, lang));
        const mail = await packMail({
          lang,
          brand,
          url: `${deps.publicUrl}${packLinkPath(token)}${lang === "en" ? "?lang=en" : ""}`,
          expiresAt,
          documents: docs,
        });
        const messageId = deps.outbox.newMessageId();
        const queued = await deps.outbox.enqueue(tx, {
          kind: "reply",
          messageId,
          submissionId,
          to: row.email,
          subject: withRef(mail.subject, row.ref),
          text: mail.text,
          html: mail.html,
        });
        // The conversation shows it as our reply, without the token (only the mail carries it).
        const reply: StoredReply = {
          message: mail.summary,
          sentAt: isoNow(clock),
          messageId,
          outboxId: queued._id,
          ...(author ? { author } : {}),
        };
        await recordReply(tx, submissionId, reply);
        return queued._id;
      });
      await deps.outbox.deliver(outboxId);
      return ticket(submissionId);
    },

    /** Refuses the chosen documents: a refused document leaves every link of the request, sent or not. */
    async refuse(submissionId: string, documentIds: string[]): Promise<PackTicket> {
      await requireRequest(submissionId);
      const changed = await db
        .update(documentRequestItems)
        .set({ state: "refused" })
        .where(
          and(
            eq(documentRequestItems.submissionId, submissionId),
            inArray(documentRequestItems.documentId, documentIds),
            ne(documentRequestItems.state, "refused"),
          ),
        )
        .returning({ id: documentRequestItems._id });
      if (changed.length === 0) throw notFound("document");
      return ticket(submissionId);
    },

    /** Withdraws every link of the request at once: they answer 410 from now on. */
    async revoke(submissionId: string): Promise<PackTicket> {
      await requireRequest(submissionId);
      await db
        .update(documentPackLinks)
        .set({ revokedAt: isoNow(clock) })
        .where(and(eq(documentPackLinks.submissionId, submissionId), isNull(documentPackLinks.revokedAt)));
      return ticket(submissionId);
    },

    /** What the link page shows for a token. */
    async view(token: string): Promise<PackLinkView> {
      const link = await linkOf(token);
      if (!link) return { status: "missing" };
      if (!link.open) {
        const items = await db
          .select({ id: documentRequestItems.documentId })
          .from(documentRequestItems)
          .where(eq(documentRequestItems.submissionId, link.submissionId));
        return { status: "gone", lang: link.lang, documentIds: items.map((item) => item.id) };
      }
      const docs = await approved(link.submissionId, link.lang);
      return {
        status: "open",
        lang: link.lang,
        expiresAt: new Date(link.expiresAt).toISOString(),
        documents: docs.map(({ contentHash: _hash, ...doc }) => doc),
      };
    },

    /**
     * The file of an approved document of the link's request, counted as a download of its product; "gone" for an
     * expired or revoked link, null for an unknown token or a document the link does not open.
     */
    async open(token: string, documentId: string): Promise<"gone" | null | (StoredDocument & { fileName: string })> {
      const link = await linkOf(token);
      if (!link) return null;
      if (!link.open) return "gone";
      const [doc] = await approved(link.submissionId, link.lang, documentId);
      if (!doc) return null;
      const file = await deps.storage.openDocument(doc.contentHash);
      if (!file) return null;
      await countDownload(doc.documentId, doc.productId);
      return { ...file, fileName: documentDownloadName(doc.productSlug, doc.kind, doc.language, doc.versionLabel) };
    },
  };
}
export type DocumentPackService = ReturnType<typeof createDocumentPackService>;
