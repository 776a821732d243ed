import { z } from "zod";
import { LIMITS } from "../limits";
import { msg } from "../validation-messages";
import { timestampSchema } from "./common";
import { contactSubmissionSchema } from "./contact";

/** Personal data of one e-mail address (GDPR): what is stored about it, its export and its erasure. */
export const PRIVACY = {
  /** Messages listed per page on the screen. */
  pageSize: 20,
  /** Highest page number asked (20 × 10,000 messages is more than any one address sends). */
  pageMax: 10_000,
} as const;

const INVALID_EMAIL = msg("email.invalid");

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
    .number(msg("privacy.page"))
    .int(msg("privacy.page"))
    .min(1, msg("privacy.page"))
    .max(PRIVACY.pageMax, msg("privacy.page"))
    .default(1),
});
export type PrivacySummaryQuery = z.input<typeof privacySummaryQuerySchema>;

export const PRIVACY_EXPORT_FORMATS = ["json", "csv"] as const;
export type PrivacyExportFormat = (typeof PRIVACY_EXPORT_FORMATS)[number];
export const privacyExportQuerySchema = z.object({
  email: privacyEmailSchema,
  format: z.enum(PRIVACY_EXPORT_FORMATS, msg("privacy.format")).default("json"),
});

export const ERASE_CONFIRM_MISMATCH = msg("privacy.confirm_mismatch");

/** `POST /api/privacy/erase`: the address typed a second time in `confirm`, so nothing is erased by a slip. */
export const privacyEraseInputSchema = z
  .object({
    email: privacyEmailSchema,
    confirm: z.string(ERASE_CONFIRM_MISMATCH).trim().toLowerCase().max(LIMITS.contactEmailMax, ERASE_CONFIRM_MISMATCH),
  })
  .refine((v) => v.confirm === v.email, { path: ["confirm"], message: ERASE_CONFIRM_MISMATCH });
export type PrivacyEraseInput = z.input<typeof privacyEraseInputSchema>;

/** How much is stored about one address, per kind. */
export const privacyCountsSchema = z.object({
  messages: z.number(),
  replies: z.number(),
  /** E-mails in the outbox to the address or about its messages (notifications, replies, an invitation). */
  mails: z.number(),
  administrators: z.number(),
  invitations: z.number(),
  /** History lines that name the address (e.g. an administrator removed). */
  historyEntries: z.number(),
});
export type PrivacyCounts = z.output<typeof privacyCountsSchema>;

export const privacyMessageLineSchema = z.object({
  _id: z.string(),
  createdAt: timestampSchema,
  fullName: z.string(),
  subject: z.string(),
  replies: z.number(),
});
export type PrivacyMessageLine = z.output<typeof privacyMessageLineSchema>;

/** `GET /api/privacy/summary`: the counts and one page of the messages, newest first. */
export const privacySummarySchema = z.object({
  email: z.string(),
  counts: privacyCountsSchema,
  messages: z.object({ items: z.array(privacyMessageLineSchema), page: z.number(), pageSize: z.number(), total: z.number() }),
});
export type PrivacySummary = z.output<typeof privacySummarySchema>;

/** `POST /api/privacy/erase`: what was deleted (messages with their replies and e-mails) or made anonymous (history). */
export const privacyErasedSchema = z.object({
  messages: z.number(),
  replies: z.number(),
  mails: z.number(),
  invitations: z.number(),
  historyEntries: z.number(),
});
export type PrivacyErased = z.output<typeof privacyErasedSchema>;
export const privacyEraseResultSchema = z.object({ erased: privacyErasedSchema });
export type PrivacyEraseResult = z.output<typeof privacyEraseResultSchema>;

/** An e-mail of the outbox as exported; an invitation's body (a sign-up link) is a secret and never exported. */
export const exportedMailSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
});
export type ExportedMail = z.output<typeof exportedMailSchema>;

/** A contact message as the inbox shows it, with the e-mails written about it. */
export const exportedMessageSchema = contactSubmissionSchema.extend({ mails: z.array(exportedMailSchema) });
export type ExportedMessage = z.output<typeof exportedMessageSchema>;

/**
 * The JSON export, `GET /api/privacy/export?format=json`: everything stored about the address. It is streamed as
 * written by the service (never held whole in memory), so this schema describes the file; the route does not parse it.
 */
export const privacyExportSchema = z.object({
  email: z.string(),
  exportedAt: timestampSchema,
  administrators: z.array(
    z.object({
      _id: z.string(),
      email: z.string(),
      createdAt: timestampSchema,
      lastLoginAt: timestampSchema.nullable(),
      totpEnabled: z.boolean(),
    }),
  ),
  invitations: z.array(
    z.object({
      _id: z.string(),
      email: z.string(),
      createdAt: timestampSchema,
      expiresAt: timestampSchema,
      acceptedAt: timestampSchema.nullable(),
    }),
  ),
  historyEntries: z.array(
    z.object({
      _id: z.string(),
      createdAt: timestampSchema,
      action: z.string(),
      entityType: z.string(),
      entityId: z.string().nullable(),
      label: z.string().nullable(),
    }),
  ),
  /** E-mails to the address that belong to no message of it (an invitation). */
  otherMails: z.array(exportedMailSchema),
  messages: z.array(exportedMessageSchema),
  /** Mails imported from the company mailbox (decision 0115) from the address, or in one of its conversations. */
  receivedMails: z.array(
    z.object({
      _id: z.string(),
      submissionId: z.string(),
      kind: z.string(),
      fromAddress: z.string(),
      fromName: z.string(),
      subject: z.string(),
      text: z.string(),
      sentAt: timestampSchema,
      attachments: z.array(z.string()),
    }),
  ),
});
export type PrivacyExport = z.output<typeof privacyExportSchema>;
