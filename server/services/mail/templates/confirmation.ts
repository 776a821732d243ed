import type { Lang } from "@shared/company";
import { REPLY_WORKING_DAYS } from "@shared/quote-request";
import type { MailBrand } from "./brand";
import type { Block, RenderedMail } from "./content";
import { renderMail } from "./render";

export type ConfirmationInput = {
  lang: Lang;
  brand: MailBrand;
  /** The request as "label: value" lines in `lang` (server/services/inbox.ts `requestSummary`), without the company. */
  summaryLines: readonly string[];
};

const TEXTS = {
  fr: {
    subject: "Nous avons bien reçu votre message",
    hello: "Bonjour,",
    thanks: `Merci pour votre message. Un membre de notre équipe vous répondra personnellement sous ${REPLY_WORKING_DAYS} jours ouvrés, par e-mail à cette adresse.`,
    request: "Votre demande :",
    more: "Pour ajouter une précision, répondez simplement à cet e-mail.",
  },
  en: {
    subject: "We received your message",
    hello: "Hello,",
    thanks: `Thank you for your message. A member of our team will answer you personally within ${REPLY_WORKING_DAYS} working days, by e-mail at this address.`,
    request: "Your request:",
    more: "To add something, simply reply to this e-mail.",
  },
} as const;

/**
 * The buyer's confirmation, in the form's language: that a message arrived and what happens next. It goes to an address
 * anybody can type, so it repeats nothing the sender typed, only what the site chose (issue 28, docs/threat-model.md).
 */
export function confirmationMail({ lang, brand, summaryLines }: ConfirmationInput): Promise<RenderedMail> {
  const t = TEXTS[lang];
  const request: Block[] = summaryLines.length > 0 ? [{ kind: "paragraph", lines: [t.request, ...summaryLines] }] : [];
  const blocks: Block[] = [
    { kind: "paragraph", lines: [t.hello] },
    { kind: "paragraph", lines: [t.thanks] },
    ...request,
    { kind: "paragraph", lines: [t.more] },
    { kind: "paragraph", lines: [brand.name], strong: true },
  ];
  return renderMail(brand, { lang, subject: t.subject, preview: t.thanks, blocks });
}
