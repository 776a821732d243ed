import { z } from "zod";
import { LIMITS } from "./limits";
import { COMPANY_MAX, COUNTRY_CODES } from "./quote-request";
import { optionalText, requiredText } from "./schemas/common";
import { msg } from "./validation-messages";

/**
 * A document pack (decision 0125): a buyer gathers product documents (public and on request) into one request; the
 * sales team approves some or all; the buyer gets one link, valid `PACK_LINK_DAYS` days, to the approved files.
 */

/** The pack being built: only document ids, in an HttpOnly cookie (works without JavaScript, never varies cached pages). */
export const PACK_COOKIE = "document_pack";
/** At most this many documents in one pack (the cookie holds their ids: 20 × 37 characters). */
export const PACK_MAX_ITEMS = 20;
/** How long the link of an approved pack opens its files. */
export const PACK_LINK_DAYS = 7;
/** The page of the pack being built, where it is sent from. */
export const PACK_PATH = "/document-pack";
/**
 * The pack's small forms, public routes of the API (every route outside it only reads), each answering 303 to the
 * pack's page: add one document (form field `documentId`: a product page's document) or several (`documentIds=a,b`:
 * a finder card's documents, the expired link's "ask again"), remove one.
 */
export const PACK_FORM_ROUTES = { add: "/document-pack/add", remove: "/document-pack/remove" } as const;
export const PACK_ADD_PATH = `/api${PACK_FORM_ROUTES.add}`;
export const PACK_REMOVE_PATH = `/api${PACK_FORM_ROUTES.remove}`;
/** The link of an approved pack: `/document-pack/<token>`, its files `/document-pack/<token>/<documentId>`. */
export const packLinkPath = (token: string) => `${PACK_PATH}/${token}`;
export const packFilePath = (token: string, documentId: string) => `${PACK_PATH}/${token}/${documentId}`;
/** A link's token: 256 random bits in base64url. */
export const PACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const PACK_ITEM_STATES = ["requested", "approved", "refused"] as const;
export type PackItemState = (typeof PACK_ITEM_STATES)[number];

/** The cookie's value as document ids: anything else is dropped, duplicates once, at most PACK_MAX_ITEMS. */
export function packIdsOf(value: string | undefined | null): string[] {
  const ids = (value ?? "")
    .split(".")
    .filter((id) => z.uuid().safeParse(id).success)
    .map((id) => id.toLowerCase());
  return [...new Set(ids)].slice(0, PACK_MAX_ITEMS);
}
export const packCookieValue = (ids: readonly string[]) => ids.slice(0, PACK_MAX_ITEMS).join(".");

/** The pack cookie's header: HttpOnly, SameSite=Lax, for the whole site, kept 30 days; empty ids clear it. */
export function packCookieHeader(ids: readonly string[], secure: boolean): string {
  const flags = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return ids.length === 0 ? `${PACK_COOKIE}=; Max-Age=0; ${flags}` : `${PACK_COOKIE}=${packCookieValue(ids)}; Max-Age=2592000; ${flags}`;
}

/** The pack's ids from a Cookie header. */
export function packIdsFromCookie(header: string | undefined | null): string[] {
  const pair = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${PACK_COOKIE}=`));
  return packIdsOf(pair?.slice(PACK_COOKIE.length + 1));
}

/** The pack's request form: who asks (the contact form's rules), where to, and an optional word. */
export const packRequestSchema = z.object({
  fullName: requiredText(LIMITS.contactFullNameMax).refine((v) => !/[\r\n]/.test(v), msg("field.single_line")),
  email: z
    .string()
    .trim()
    .max(LIMITS.contactEmailMax)
    .pipe(z.email(msg("email.invalid"))),
  company: optionalText(COMPANY_MAX).default(""),
  country: z.preprocess((v) => (v === "" ? undefined : v), z.enum(COUNTRY_CODES).optional()).catch(undefined),
  message: optionalText(LIMITS.contactMessageMax).default(""),
  website: z.string().optional(),
  formToken: z.string().max(200).optional().catch(undefined),
  lang: z.enum(["fr", "en"]).default("fr").catch("fr"),
});
export type PackRequest = z.output<typeof packRequestSchema>;

/** A document of a pack request, as the inbox shows it. */
export const packItemSchema = z.object({
  documentId: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
  kind: z.string(),
  language: z.string(),
  visibility: z.string(),
  sizeBytes: z.number(),
  versionLabel: z.string(),
  state: z.enum(PACK_ITEM_STATES),
});
export type PackItem = z.infer<typeof packItemSchema>;

/** A pack request in the inbox: its documents and its links (newest first). */
export const packTicketSchema = z.object({
  items: z.array(packItemSchema),
  links: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), revokedAt: z.string().nullable() })),
});
export type PackTicket = z.infer<typeof packTicketSchema>;

/** Approve (send the link to the approved files) or refuse some of a request's documents. */
export const packDecisionSchema = z.object({ documentIds: z.array(z.uuid()).min(1).max(PACK_MAX_ITEMS) });
