import { PACK_ITEM_STATES } from "@shared/document-pack";
import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";
import { contactSubmissions } from "./contact-submissions";
import { productDocuments } from "./product-documents";

/**
 * The documents a pack request asks for (decision 0125): one row per document of the request, with what the sales team
 * decided. Deleting the request or the document deletes the row, so nothing of it stays reachable.
 */
export const documentRequestItems = pgTable(
  "document_request_items",
  {
    _id: idColumn(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contactSubmissions._id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => productDocuments._id, { onDelete: "cascade" }),
    /** Kept to count a download as a conversion of its product without a join. */
    productId: uuid("product_id").notNull(),
    state: text("state", { enum: PACK_ITEM_STATES }).notNull().default("requested"),
    createdAt: createdAt(),
  },
  (t) => [unique("document_request_items_unique").on(t.submissionId, t.documentId)],
);

/**
 * The links sent for a pack request: only the SHA-256 of the token is stored (a leaked backup opens nothing); a link
 * opens the request's approved documents until `expires_at`, unless revoked.
 */
export const documentPackLinks = pgTable(
  "document_pack_links",
  {
    _id: idColumn(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contactSubmissions._id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [index("document_pack_links_submission_idx").on(t.submissionId, t.createdAt)],
);
