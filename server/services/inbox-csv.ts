import type { ContactSubmission, MailDelivery } from "@shared/schemas/contact";
import { toCsv } from "../lib/csv";
import { frenchDate } from "./inbox";

export const DELIVERY_NAMES: Record<MailDelivery["status"], string> = {
  sent: "envoyée",
  pending: "en attente d'envoi",
  failed: "échec de l'envoi",
};

/** The listed messages as a spreadsheet: one row per message, dates as read in Bizerte, the last reply's delivery. */
export function inboxCsv(submissions: readonly ContactSubmission[]): string {
  const rows = submissions.map((s) => {
    const last = s.replies.at(-1);
    return [
      frenchDate(s.createdAt),
      s.fullName,
      s.email,
      s.phone,
      s.subject,
      s.message,
      s.isRead ? "oui" : "non",
      s.replies.length,
      last ? frenchDate(last.sentAt) : "",
      last ? DELIVERY_NAMES[last.delivery.status] : "",
    ];
  });
  return toCsv(
    ["Date", "Nom", "E-mail", "Téléphone", "Sujet", "Message", "Lu", "Réponses", "Dernière réponse", "Envoi de la dernière réponse"],
    rows,
  );
}
