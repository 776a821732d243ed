import type { InboxFilter } from "@shared/schemas/contact";

/** Texts of the inbox tools (search, filters, mark unread, CSV export) of /admin/contacts. */
export const INBOX_TOOLS_TEXTS = {
  searchLabel: "Rechercher dans les messages",
  searchPlaceholder: "Nom, e-mail, sujet ou texte…",
  filterLabel: "Afficher",
  filters: {
    all: "Tous",
    unread: "Non lus",
    replied: "Répondus",
    pending: "En attente d'envoi",
  } satisfies Record<InboxFilter | "all", string>,
  shown: (shown: number) => `${shown} message${shown > 1 ? "s" : ""} affiché${shown > 1 ? "s" : ""}`,
  noMatch: "Aucun message ne correspond à la recherche ou au filtre.",
  exportCsv: "Exporter en CSV",
  exporting: "Export…",
  exportError: "Échec de l'export CSV",
  exportDone: "Fichier CSV téléchargé",
  markUnread: "Marquer comme non lu",
  markedUnread: "Message marqué comme non lu",
  markUnreadError: "Échec de la mise à jour du statut du message",
} as const;
