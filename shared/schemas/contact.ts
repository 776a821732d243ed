import { z } from "zod";
import { LIMITS, MAIL_LIMITS } from "../limits";
import { PHONE_NUMBER_PATTERN } from "../phone-codes";
import { APPLICATIONS, COMPANY_MAX, COUNTRY_CODES, isProductRequest, QUANTITY_MAX, QUANTITY_UNITS, REQUEST_TYPES } from "../quote-request";
import { THREAD_STATES } from "../thread-states";
import { msg } from "../validation-messages";
import { optionalText, requiredText, searchQuerySchema, timestampSchema } from "./common";
import { pageQuerySchema } from "./page";

/** A form field left empty is absent. */
const blankAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
/**
 * A choice from a fixed list: an unknown value (only a hand-made request sends one) is dropped, never refused, so a
 * buyer's message always goes through.
 */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankAsAbsent, z.enum(values).optional()).catch(undefined);

export const CONTACT_LANGS = ["fr", "en"] as const;

/** Header-safe text: no CR/LF, so nothing can be injected into mail headers. */
const singleLine = (max: number) => requiredText(max).refine((v) => !/[\r\n]/.test(v), msg("field.single_line"));

export const contactInputSchema = z
  .object({
    fullName: singleLine(LIMITS.contactFullNameMax),
    email: z
      .string()
      .trim()
      .max(LIMITS.contactEmailMax)
      .pipe(z.email(msg("email.invalid"))),
    phone: optionalText(LIMITS.contactPhoneMax)
      .default("")
      .refine((v) => PHONE_NUMBER_PATTERN.test(v), msg("phone.invalid")),
    /** Required, except for a quote or sample request about a product (see the check after the object). */
    subject: optionalText(LIMITS.contactSubjectMax)
      .refine((v) => !/[\r\n]/.test(v), msg("field.single_line"))
      .default(""),
    message: optionalText(LIMITS.contactMessageMax).default(""),
    /** Honeypot: people never see it; bots fill it. */
    website: z.string().optional(),
    /** The signed time the form was rendered (server/lib/spam-rules.ts): a form sent too fast is spam-suspect. */
    formToken: z.string().max(200).optional().catch(undefined),
    /** The form's language: the buyer's confirmation e-mail is written in it. */
    lang: z.enum(CONTACT_LANGS).default("fr").catch("fr"),
    /** Sample or quote request (decision 0108), all optional: the product's slug (an unknown one is ignored), ... */
    product: z.preprocess(blankAsAbsent, z.string().trim().max(LIMITS.slugMax).optional()).catch(undefined),
    requestType: choice(REQUEST_TYPES),
    application: choice(APPLICATIONS),
    quantity: z.preprocess(
      (v) => (typeof v === "string" ? (blankAsAbsent(v.replace(",", ".")) as string | undefined) : v),
      z.coerce.number(msg("quantity.invalid")).positive(msg("quantity.invalid")).max(QUANTITY_MAX).optional(),
    ),
    quantityUnit: choice(QUANTITY_UNITS),
    country: choice(COUNTRY_CODES),
    company: optionalText(COMPANY_MAX).default(""),
  })
  .superRefine((data, ctx) => {
    // A quote or sample request about a product says what it needs in its fields; the server writes its subject.
    if (isProductRequest(data.requestType, data.product)) return;
    for (const field of ["subject", "message"] as const)
      if (!data[field]) ctx.addIssue({ code: "custom", path: [field], message: msg("field.required") });
  });
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactData = z.output<typeof contactInputSchema>;

export const replyInputSchema = z.object({
  replyMessage: z
    .string({ error: msg("reply.empty") })
    .trim()
    .min(1, msg("reply.empty"))
    .max(LIMITS.replyMessageMax),
  /** Product documents (public or on request) the mail carries. */
  documentIds: z.array(z.uuid()).max(MAIL_LIMITS.replyAttachmentsMax).default([]),
  /** Files uploaded for this reply (POST /api/contact/:id/files), by their attachment id. */
  fileIds: z.array(z.uuid()).max(MAIL_LIMITS.replyAttachmentsMax).default([]),
});
export type ReplyInput = z.input<typeof replyInputSchema>;

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
  /** The sample or quote request; `productName` stays when the product is deleted (`productId` is then null). */
  lang: z.enum(CONTACT_LANGS),
  productId: z.string().nullable(),
  productName: z.string(),
  requestType: z.enum(REQUEST_TYPES).nullable(),
  application: z.enum(APPLICATIONS).nullable(),
  quantity: z.number().nullable(),
  quantityUnit: z.enum(QUANTITY_UNITS).nullable(),
  country: z.string().nullable(),
  company: z.string(),
  /** Held in the "Spam" folder (decision 0108), with the rules that caught it. */
  spam: z.boolean(),
  spamReasons: z.array(z.string()),
  /** Where the conversation stands (shared/thread-states.ts), its number in our mails' subjects, and a bounced address. */
  state: z.enum(THREAD_STATES),
  ref: z.string(),
  undeliverable: z.boolean(),
});
export type ContactSubmission = z.output<typeof contactSubmissionSchema>;
/** The answer to the public POST /api/contact: the message, and the token of its confirmation page (decision 0117). */
export const contactSentSchema = contactSubmissionSchema.extend({ confirmation: z.string() });
export type ContactSent = z.output<typeof contactSentSchema>;
export const contactSubmissionListSchema = z.array(contactSubmissionSchema);

/** The answer to POST /api/contact/:id/reply: the updated message and the delivery of the new reply. */
export const replyResultSchema = z.object({ data: z.object({ submission: contactSubmissionSchema, delivery: mailDeliverySchema }) });
export type ReplyResult = z.output<typeof replyResultSchema>;

export const INBOUND_NOTICES = ["too_large", "unreadable"] as const;
export type InboundNotice = (typeof INBOUND_NOTICES)[number];

/** A file of a thread: `stored` is false for a file over the size cap (listed, not kept). */
export const mailAttachmentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  stored: z.boolean(),
  productId: z.string().nullable(),
  documentId: z.string().nullable(),
});
export type MailAttachment = z.output<typeof mailAttachmentSchema>;

/**
 * One step of a conversation after the buyer's first message, oldest first: a reply of ours (with its delivery), or a
 * mail from the mailbox (the buyer's answer, an automatic reply, a delivery failure).
 */
export const threadEntrySchema = z.discriminatedUnion("direction", [
  z.object({
    direction: z.literal("out"),
    at: timestampSchema,
    message: z.string(),
    /** The account that replied (its e-mail), null for replies made before it was recorded. */
    author: z.string().nullable(),
    delivery: mailDeliverySchema,
    attachments: z.array(mailAttachmentSchema),
  }),
  z.object({
    direction: z.literal("in"),
    _id: z.string(),
    at: timestampSchema,
    kind: z.enum(["reply", "auto_reply", "bounce"]),
    fromName: z.string(),
    fromAddress: z.string(),
    fromOtherAddress: z.boolean(),
    subject: z.string(),
    text: z.string(),
    fullText: z.string(),
    /** What could not be imported: "too_large" (only its headers were read) or "unreadable" (broken MIME); "" when complete. */
    notice: z.enum(INBOUND_NOTICES).or(z.literal("")),
    attachments: z.array(mailAttachmentSchema),
  }),
]);
export type ThreadEntry = z.output<typeof threadEntrySchema>;
export const threadSchema = z.object({ entries: z.array(threadEntrySchema) });
export type Thread = z.output<typeof threadSchema>;

export const threadStateInputSchema = z.object({ state: z.enum(THREAD_STATES, { error: msg("inbox.state") }) });

/** Whether buyers' answers are imported (IMAP_URL), and how the last look at the mailbox went. */
export const mailboxStatusSchema = z.object({
  enabled: z.boolean(),
  lastSuccessAt: timestampSchema.nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: timestampSchema.nullable(),
  imported: z.number(),
});
export type MailboxStatus = z.output<typeof mailboxStatusSchema>;

/**
 * The inbox filters: not read yet, answered, with a reply whose e-mail is not delivered yet (queued or failed),
 * waiting for the team (new, or the buyer answered last: what the dashboard counts), or whose buyer's address bounced.
 */
export const INBOX_FILTERS = ["unread", "replied", "pending", "waiting", "undeliverable"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const INBOX_FOLDERS = ["inbox", "spam"] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

/** Query of `GET /api/contact/submissions` and its CSV export; without it the whole inbox is listed (docs/product.md, "Messages"). */
/** The inbox search and filter (the CSV export takes them alone). */
export const inboxSearchSchema = z.object({
  // Control characters read as spaces, as in every search box.
  q: searchQuerySchema(LIMITS.inboxSearchMax),
  filter: z.enum(INBOX_FILTERS, { error: msg("inbox.filter") }).optional(),
  /** Messages about one product (its id) or of one request type. */
  productId: z.uuid(msg("inbox.product_id")).optional(),
  requestType: z.enum(REQUEST_TYPES, { error: msg("inbox.request_type") }).optional(),
  /** `spam` lists the "Spam" folder; the inbox (default) leaves it out. */
  folder: z.enum(INBOX_FOLDERS, { error: msg("inbox.folder") }).default("inbox"),
  /** Threads in one state (shared/thread-states.ts). */
  state: z.enum(THREAD_STATES, { error: msg("inbox.state") }).optional(),
});
/** One page of the inbox, searched and filtered (decision 0092). */
export const inboxQuerySchema = inboxSearchSchema.extend(pageQuerySchema.shape);
export type InboxQuery = z.input<typeof inboxQuerySchema>;
