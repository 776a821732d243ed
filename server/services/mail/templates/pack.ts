import type { Lang } from "@shared/company";
import { PACK_LINK_DAYS } from "@shared/document-pack";
import type { MailBrand } from "./brand";
import type { Block, RenderedMail } from "./content";
import { mailDate } from "./quote";
import { renderMail } from "./render";

export type PackMailInput = {
  lang: Lang;
  brand: MailBrand;
  /** The link to the approved files (it carries the token: the only place it is ever written). */
  url: string;
  expiresAt: string;
  /** The approved documents, "Product — Kind (Language)". */
  documents: readonly string[];
};

const TEXTS = {
  fr: {
    subject: "Vos documents sont prêts",
    hello: "Bonjour,",
    ready: `Les documents que vous avez demandés sont prêts. Le lien ci-dessous les ouvre pendant ${PACK_LINK_DAYS} jours, jusqu'au`,
    list: "Documents :",
    button: "Télécharger mes documents",
    personal: "Ce lien vous est personnel : ne le transmettez pas.",
  },
  en: {
    subject: "Your documents are ready",
    hello: "Hello,",
    ready: `The documents you asked for are ready. The link below opens them for ${PACK_LINK_DAYS} days, until`,
    list: "Documents:",
    button: "Download my documents",
    personal: "This link is yours alone: please do not pass it on.",
  },
} as const;

/**
 * The mail of an approved document pack (decision 0125), in the buyer's language: the approved documents and the one
 * link that opens them. `summary` is what the conversation records of it, without the link.
 */
export async function packMail({ lang, brand, url, expiresAt, documents }: PackMailInput): Promise<RenderedMail & { summary: string }> {
  const t = TEXTS[lang];
  const until = `${t.ready} ${mailDate(lang, expiresAt)}.`;
  const blocks: Block[] = [
    { kind: "paragraph", lines: [t.hello] },
    { kind: "paragraph", lines: [until] },
    { kind: "paragraph", lines: [t.list, ...documents.map((name) => `- ${name}`)] },
    { kind: "button", href: url, label: t.button, showHref: true },
    { kind: "paragraph", lines: [t.personal] },
    { kind: "paragraph", lines: [brand.name], strong: true },
  ];
  const mail = await renderMail(brand, { lang, subject: t.subject, preview: until, blocks });
  return { ...mail, summary: [until, t.list, ...documents.map((name) => `- ${name}`)].join("\n") };
}
