import { APPLICATION_NAMES, countryName, REQUEST_TYPE_NAMES, UNIT_NAMES } from "@shared/quote-request";
import type { ContactSubmission, MailDelivery } from "@shared/schemas/contact";
import type { CsvCell } from "../lib/csv";
import { frenchDate } from "./inbox";

export const DELIVERY_NAMES: Record<MailDelivery["status"], string> = {
  sent: "envoyée",
  pending: "en attente d'envoi",
  failed: "échec de l'envoi",
};

export const INBOX_CSV_HEADER = [
  "Date",
  "Nom",
  "E-mail",
  "Téléphone",
  "Sujet",
  "Message",
  "Lu",
  "Réponses",
  "Dernière réponse",
  "Envoi de la dernière réponse",
  "Produit",
  "Demande",
  "Application",
  "Quantité",
  "Unité",
  "Pays de destination",
  "Société",
] as const;

/** One message as a spreadsheet row: dates as read in Bizerte, the last reply's delivery. */
function inboxCsvRow(s: ContactSubmission): CsvCell[] {
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
    s.productName,
    s.requestType ? REQUEST_TYPE_NAMES[s.requestType].fr : "",
    s.application ? APPLICATION_NAMES[s.application].fr : "",
    s.quantity ?? "",
    s.quantityUnit ? UNIT_NAMES[s.quantityUnit].fr : "",
    s.country ? countryName(s.country, "fr") : "",
    s.company,
  ];
}

/** The listed messages as rows, a batch at a time (see lib/csv.ts `csvChunks`): memory stays flat whatever the inbox. */
export async function* inboxCsvBatches(messages: AsyncIterable<ContactSubmission>, size = 500): AsyncGenerator<CsvCell[][]> {
  let batch: CsvCell[][] = [];
  for await (const message of messages) {
    batch.push(inboxCsvRow(message));
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
