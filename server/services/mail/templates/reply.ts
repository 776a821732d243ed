import type { Lang } from "@shared/company";
import type { MailBrand } from "./brand";
import type { Block, RenderedMail } from "./content";
import { quoteHeader } from "./quote";
import { renderMail } from "./render";
import { type MailSignature, signatureLines } from "./signature";

export type ReplyInput = {
  /** The thread's language (the language of the buyer's form). */
  lang: Lang;
  brand: MailBrand;
  /** Sent as given ("Re: …"). */
  subject: string;
  /** The team's reply, as typed. */
  body: string;
  signature: MailSignature;
  /** The message answered: its author, when it was sent (ISO) and its text. */
  quoted: { author: string; isoDate: string; text: string };
  attachmentNames: readonly string[];
};

const ATTACHMENTS_TITLE = { fr: "Pièces jointes :", en: "Attachments:" } as const;
const PREVIEW_LENGTH = 140;

/**
 * The team's reply to a buyer: the reply, the sender's signature, the attached files' names (HTML part) and the quoted
 * message, in the thread's language. Without a signature its text part is the one replies always had.
 */
export function replyMail(input: ReplyInput): Promise<RenderedMail> {
  const signature = signatureLines(input.signature);
  const signed: Block[] = signature.length > 0 ? [{ kind: "signature", lines: signature }] : [];
  const attached: Block[] =
    input.attachmentNames.length > 0 ? [{ kind: "attachments", title: ATTACHMENTS_TITLE[input.lang], names: input.attachmentNames }] : [];
  const blocks: Block[] = [
    { kind: "message", text: input.body },
    ...signed,
    ...attached,
    { kind: "quote", header: quoteHeader(input.lang, input.quoted.isoDate, input.quoted.author), text: input.quoted.text },
  ];
  return renderMail(input.brand, {
    lang: input.lang,
    subject: input.subject,
    preview: input.body.replace(/\s+/g, " ").trim().slice(0, PREVIEW_LENGTH),
    blocks,
    finalNewline: true,
  });
}
