import type { MailBrand } from "./brand";
import type { RenderedMail } from "./content";
import { renderMail } from "./render";

export type NotificationInput = {
  brand: MailBrand;
  fullName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** The request as French "label : value" lines (server/services/inbox.ts `requestSummary`), company included. */
  summaryLines: readonly string[];
  /** The message in the back office (HTML part only: the text part is kept as it always was). */
  adminUrl: string;
};

/** The company's notice of a new contact message; always in French, the company's language. */
export function notificationMail(input: NotificationInput): Promise<RenderedMail> {
  return renderMail(input.brand, {
    lang: "fr",
    subject: `Nouveau message de contact : ${input.subject}`,
    preview: `${input.fullName} : ${input.subject}`,
    blocks: [
      { kind: "paragraph", lines: ["Nouveau message reçu depuis le formulaire de contact du site."] },
      {
        kind: "paragraph",
        lines: [
          `Nom : ${input.fullName}`,
          `E-mail : ${input.email}`,
          `Téléphone : ${input.phone || "-"}`,
          `Sujet : ${input.subject}`,
          ...input.summaryLines,
        ],
      },
      { kind: "message", text: input.message, boxed: true },
      { kind: "button", href: input.adminUrl, label: "Ouvrir le message dans l'administration", htmlOnly: true },
      { kind: "paragraph", lines: ["Répondez depuis l'espace d'administration (Messages de Contact) ou directement à cet e-mail."] },
    ],
  });
}
