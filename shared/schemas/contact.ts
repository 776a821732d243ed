import { z } from "zod";
import { LIMITS } from "../limits";
import { PHONE_NUMBER_PATTERN } from "../phone-codes";
import { optionalText, requiredText, searchQuerySchema, timestampSchema } from "./common";
import { pageQuerySchema } from "./page";

/** Header-safe text: no CR/LF, so nothing can be injected into mail headers. */
const singleLine = (max: number) => requiredText(max).refine((v) => !/[\r\n]/.test(v), "Une seule ligne / Single line only");

export const contactInputSchema = z.object({
  fullName: singleLine(LIMITS.contactFullNameMax),
  email: z.string().trim().max(LIMITS.contactEmailMax).pipe(z.email("Adresse e-mail invalide / Invalid e-mail address")),
  phone: optionalText(LIMITS.contactPhoneMax)
    .default("")
    .refine((v) => PHONE_NUMBER_PATTERN.test(v), "Numéro de téléphone invalide / Invalid phone number"),
  subject: singleLine(LIMITS.contactSubjectMax),
  message: requiredText(LIMITS.contactMessageMax),
  /** Honeypot: people never see it; bots fill it. */
  website: z.string().optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactData = z.output<typeof contactInputSchema>;

export const replyInputSchema = z.object({
  replyMessage: z
    .string({ error: "Veuillez saisir votre réponse avant d'envoyer l'email." })
    .trim()
    .min(1, "Veuillez saisir votre réponse avant d'envoyer l'email.")
    .max(LIMITS.replyMessageMax),
});

/**
 * Where the e-mail of a reply stands: `sent` (the mail server accepted it), `pending` (waiting for a first try or a
 * retry; `error` says why the last try failed) or `failed` for good (`error` says why).
 */
export const mailDeliverySchema = z.object({ status: z.enum(["sent", "pending", "failed"]), error: z.string().optional() });
export type MailDelivery = z.output<typeof mailDeliverySchema>;

/** `sentAt` is when the reply was written (and queued); `delivery` is its e-mail's state. */
export const contactReplySchema = z.object({ message: z.string(), sentAt: timestampSchema, delivery: mailDeliverySchema });
export type ContactReply = z.output<typeof contactReplySchema>;

export const contactSubmissionSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: timestampSchema,
  replies: z.array(contactReplySchema),
});
export type ContactSubmission = z.output<typeof contactSubmissionSchema>;
export const contactSubmissionListSchema = z.array(contactSubmissionSchema);

/** The answer to POST /api/contact/:id/reply: the updated message and the delivery of the new reply. */
export const replyResultSchema = z.object({ data: z.object({ submission: contactSubmissionSchema, delivery: mailDeliverySchema }) });
export type ReplyResult = z.output<typeof replyResultSchema>;

/** The inbox filters: not read yet, answered, or with a reply whose e-mail is not delivered yet (queued or failed). */
export const INBOX_FILTERS = ["unread", "replied", "pending"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** Query of `GET /api/contact/submissions` and its CSV export; without it the whole inbox is listed (docs/product.md, "Messages"). */
/** The inbox search and filter (the CSV export takes them alone). */
export const inboxSearchSchema = z.object({
  // Control characters read as spaces, as in every search box.
  q: searchQuerySchema(LIMITS.inboxSearchMax),
  filter: z
    .enum(INBOX_FILTERS, { error: "filter doit valoir unread, replied ou pending / filter must be unread, replied or pending" })
    .optional(),
});
/** One page of the inbox, searched and filtered (decision 0092). */
export const inboxQuerySchema = inboxSearchSchema.extend(pageQuerySchema.shape);
export type InboxQuery = z.input<typeof inboxQuerySchema>;
