// A runtime import: shared/resources, and the schemas they read, never import this file.
import { RESOURCE_TYPES, RESOURCES, type ResourceType } from "./resources/index";
import { ROLE_LABELS, type Role } from "./roles";
import type { TableFactConflictParams } from "./table-facts";

/**
 * The codes of the API's error answers `{ error, code, params?, details? }` (docs/decisions/0085-error-codes.md).
 * `error` is the human text the API promises; `code` (with `params`) is what a client reads to write its own message.
 * Codes are stable: rename one only with the clients that read it.
 */
export const ERROR_CODES = [
  // Any route
  "validation",
  "bad_request",
  "invalid_value",
  "auth.required",
  "auth.must_change_password",
  "forbidden",
  "role.forbidden",
  "not_found",
  "route_not_found",
  "not_acceptable",
  "unsupported_media_type",
  "body_too_large",
  "edit_conflict",
  "slug_taken",
  "rate_limited",
  "database_unavailable",
  "internal",
  // Catalogue
  // Paged lists
  "page.invalid_cursor",
  "category.unknown",
  "category.not_empty",
  "category.wrong_ids",
  "product.table_repeats_fact",
  "banner.none_active",
  "banner.default_exists",
  "banner.default_undeletable",
  "page.keyed_undeletable",
  // Sign-in and Mon compte
  "auth.invalid_credentials",
  "auth.locked",
  "auth.one_time_password_expired",
  "auth.wrong_current_password",
  "auth.wrong_password",
  "auth.totp_invalid_code",
  "auth.totp_challenge_expired",
  "auth.totp_secret_unreadable",
  "totp.already_on",
  "totp.not_started",
  "totp.not_on",
  "password.too_weak",
  // Administrators, invitations, sessions, personal data
  "admin.email_taken",
  "admin.cannot_remove_self",
  "admin.cannot_remove_last",
  "admin.cannot_demote_last",
  "invitation.invalid",
  "session.end_own",
  "privacy.admin_address",
  // Images
  "upload.no_file",
  "upload.too_large",
  "upload.not_an_image",
  "upload.too_many_pixels",
  "upload.disk_full",
  "upload.storage_unavailable",
  // Product documents (decision 0109)
  "document.no_file",
  "document.too_large",
  "document.not_a_pdf",
  "document.unreadable_pdf",
  "document.encrypted",
  "document.active_content",
  // Spec sheets and the catalogue PDF (decision 0126)
  "spec_sheet.busy",
  // Replies with files (decision 0115)
  "reply.files_too_large",
  "reply.file_type",
  // Redirects
  "redirect.self",
  "redirect.loop",
  "redirect.exists",
  // Media library
  "media.in_use",
  "media.same_image",
  // Certifications
  "certification.in_use",
  "certification.unknown",
  // Applications and functions, regulatory facts (decision 0124)
  "application.in_use",
  "application.unknown",
  "function.in_use",
  "function.unknown",
  "product.nagoya_document",
  // Versions
  "version.unusable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

type NotFoundText = { readonly fr: string; readonly en: string };

/** The items a 404 names that are no resource's, or whose text is not the one derived from the resource's label. */
const OWN_NOT_FOUND_TEXTS = {
  content_block: { fr: "Bloc de contenu introuvable", en: "Content block not found" },
  session: { fr: "Session introuvable", en: "Session not found" },
  invitation: { fr: "Invitation introuvable", en: "Invitation not found" },
  image: { fr: "Image introuvable", en: "Image not found" },
  media: { fr: "Image introuvable dans la médiathèque", en: "Image not found in the media library" },
  version: { fr: "Version introuvable", en: "Version not found" },
  attachment: { fr: "Pièce jointe introuvable", en: "Attachment not found" },
} as const satisfies Record<string, NotFoundText>;

type DeclaredNotFoundItem = (typeof RESOURCES)[ResourceType]["notFound"];
/** What a 404 `not_found` names in `params.item`: a resource's item (its declaration's `notFound`) or one of the others. */
export type NotFoundItem = DeclaredNotFoundItem | keyof typeof OWN_NOT_FOUND_TEXTS;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const declaredTexts = Object.fromEntries(
  RESOURCE_TYPES.map((type) => {
    const { notFound, label } = RESOURCES[type];
    return [notFound, { fr: `${capitalised(label.fr.one)} introuvable`, en: `${capitalised(label.en.one)} not found` }];
  }),
) as Record<DeclaredNotFoundItem, NotFoundText>;

/**
 * How each item reads in each language (the API and the back office): a resource's from its label ("Salon
 * introuvable", "Trade show not found"), unless `OWN_NOT_FOUND_TEXTS` gives its own.
 */
export const NOT_FOUND_TEXTS: Readonly<Record<NotFoundItem, NotFoundText>> = { ...declaredTexts, ...OWN_NOT_FOUND_TEXTS };
export const NOT_FOUND_ITEMS = Object.keys(NOT_FOUND_TEXTS) as NotFoundItem[];

/** Only codes may be keys (a misspelt one is a type error). */
type OfCodes<T extends { [K in keyof T]: K extends ErrorCode ? object : never }> = T;

/** The params of the codes that have some; every other code has none. */
export type ErrorParamsMap = OfCodes<{
  not_found: { item: NotFoundItem };
  "role.forbidden": { role: Role };
  route_not_found: { method: string; path: string };
  "auth.locked": { retryAfterSeconds: number };
  rate_limited: { retryAfterSeconds: number };
  body_too_large: { maxKb: number };
  database_unavailable: { retryAfterSeconds: number };
  "upload.too_large": { maxMb: number };
  "document.too_large": { maxMb: number };
  "reply.files_too_large": { maxMb: number };
  "product.table_repeats_fact": TableFactConflictParams;
}>;

/** The params of `code`: an object for the codes of `ErrorParamsMap`, else `undefined`. */
export type ErrorParams<C extends ErrorCode> = C extends keyof ErrorParamsMap ? ErrorParamsMap[C] : undefined;

/** A code with its params, as one value: `{ code: "not_found", params: { item: "product" } }`, `{ code: "slug_taken" }`. */
export type CodedError = {
  [C in ErrorCode]: ErrorParams<C> extends undefined ? { code: C; params?: undefined } : { code: C; params: ErrorParams<C> };
}[ErrorCode];

/** The body of every error answer of the API. */
export type ErrorBody = CodedError & { error: string; details?: unknown };

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && CODES.has(value);

/** A wait as people read it: "45 s" under a minute, else whole minutes rounded up ("2 min", "2 minutes"). */
export function waitText(seconds: number): { fr: string; en: string } {
  if (seconds < 60) return { fr: `${seconds} s`, en: `${seconds} s` };
  const minutes = Math.ceil(seconds / 60);
  return { fr: `${minutes} min`, en: `${minutes} minute${minutes > 1 ? "s" : ""}` };
}

/** The refusal of an action the signed-in account's role does not allow (decision 0114). */
export const roleForbiddenText = (role: Role) => ({
  fr: `Votre rôle (${ROLE_LABELS[role].fr}) ne permet pas cette action`,
  en: `Your role (${ROLE_LABELS[role].en}) does not allow this action`,
});
