import { z } from "zod";
import { LIMITS } from "../limits";
import type { ContactSubmission } from "./contact";

/** Personal data of one e-mail address (GDPR): what is stored about it, its export and its erasure. */
export const PRIVACY = {
  /** Messages listed per page on the screen. */
  pageSize: 20,
  /** Highest page number asked (20 × 10,000 messages is more than any one address sends). */
  pageMax: 10_000,
} as const;

const INVALID_EMAIL = "Adresse e-mail invalide / Invalid e-mail address";

/** An address as the contact form accepts it, compared without case (the stored one keeps the case it was typed in). */
export const privacyEmailSchema = z
  .string(INVALID_EMAIL)
  .trim()
  .toLowerCase()
  .max(LIMITS.contactEmailMax, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));

export const privacySummaryQuerySchema = z.object({
  email: privacyEmailSchema,
  page: z.coerce
    .number("Page invalide / Invalid page")
    .int("Page invalide / Invalid page")
    .min(1, "Page invalide / Invalid page")
    .max(PRIVACY.pageMax, "Page invalide / Invalid page")
    .default(1),
});
export type PrivacySummaryQuery = z.input<typeof privacySummaryQuerySchema>;

export const PRIVACY_EXPORT_FORMATS = ["json", "csv"] as const;
export type PrivacyExportFormat = (typeof PRIVACY_EXPORT_FORMATS)[number];
export const privacyExportQuerySchema = z.object({
  email: privacyEmailSchema,
  format: z.enum(PRIVACY_EXPORT_FORMATS, "Format : json ou csv / Format: json or csv").default("json"),
});

export const ERASE_CONFIRM_MISMATCH = "Saisissez exactement la même adresse pour confirmer / Type exactly the same address to confirm";

/** `POST /api/privacy/erase`: the address typed a second time in `confirm`, so nothing is erased by a slip. */
export const privacyEraseInputSchema = z
  .object({
    email: privacyEmailSchema,
    confirm: z.string(ERASE_CONFIRM_MISMATCH).trim().toLowerCase().max(LIMITS.contactEmailMax, ERASE_CONFIRM_MISMATCH),
  })
  .refine((v) => v.confirm === v.email, { path: ["confirm"], message: ERASE_CONFIRM_MISMATCH });
export type PrivacyEraseInput = z.input<typeof privacyEraseInputSchema>;

/** How much is stored about one address, per kind. */
export type PrivacyCounts = {
  messages: number;
  replies: number;
  /** E-mails in the outbox to the address or about its messages (notifications, replies, an invitation). */
  mails: number;
  administrators: number;
  invitations: number;
  /** History lines that name the address (e.g. an administrator removed). */
  historyEntries: number;
};

export type PrivacyMessageLine = { _id: string; createdAt: string; fullName: string; subject: string; replies: number };

/** `GET /api/privacy/summary`: the counts and one page of the messages, newest first. */
export type PrivacySummary = {
  email: string;
  counts: PrivacyCounts;
  messages: { items: PrivacyMessageLine[]; page: number; pageSize: number; total: number };
};

/** `POST /api/privacy/erase`: what was deleted (messages with their replies and e-mails) or made anonymous (history). */
export type PrivacyErased = { messages: number; replies: number; mails: number; invitations: number; historyEntries: number };
export type PrivacyEraseResult = { erased: PrivacyErased };

/** An e-mail of the outbox as exported; an invitation's body (a sign-up link) is a secret and never exported. */
export type ExportedMail = {
  _id: string;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** A contact message as the inbox shows it, with the e-mails written about it. */
export type ExportedMessage = ContactSubmission & { mails: ExportedMail[] };

/** The JSON export, `GET /api/privacy/export?format=json`: everything stored about the address. */
export type PrivacyExport = {
  email: string;
  exportedAt: string;
  administrators: { _id: string; email: string; createdAt: string; lastLoginAt: string | null; totpEnabled: boolean }[];
  invitations: { _id: string; email: string; createdAt: string; expiresAt: string; acceptedAt: string | null }[];
  historyEntries: { _id: string; createdAt: string; action: string; entityType: string; entityId: string | null; label: string | null }[];
  /** E-mails to the address that belong to no message of it (an invitation). */
  otherMails: ExportedMail[];
  messages: ExportedMessage[];
};
