import { type PackItemState, type PackTicket, packTicketSchema } from "@shared/document-pack";
import { DOCUMENT_KIND_NAMES, DOCUMENT_LANGUAGE_NAMES } from "@shared/documents";
import type { ContactSubmission } from "@shared/schemas/contact";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { defineTexts } from "~/i18n/texts";
import { api } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";
import { inboxKeys } from "./inbox-cache";

const TEXTS = defineTexts({
  fr: {
    title: "Documents demandés",
    hint: "Cochez les documents à envoyer : le client reçoit un seul e-mail avec un lien valable 7 jours vers les documents approuvés.",
    "state.requested": "Demandé",
    "state.approved": "Approuvé",
    "state.refused": "Refusé",
    select: "Sélectionner {name}",
    approve: "Envoyer la sélection",
    refuse: "Refuser la sélection",
    revoke: "Retirer le lien",
    approved: "Lien envoyé au client",
    refused: "Documents refusés",
    revoked: "Lien retiré",
    error: "L'action n'a pas abouti. Veuillez réessayer.",
    link: "Lien envoyé le {sent}, valable jusqu'au {until}",
    linkRevoked: "Lien envoyé le {sent}, retiré le {revoked}",
    linkExpired: "Lien envoyé le {sent}, expiré le {until}",
  },
  en: {
    title: "Requested documents",
    hint: "Tick the documents to send: the buyer receives one e-mail with a link, valid 7 days, to the approved documents.",
    "state.requested": "Requested",
    "state.approved": "Approved",
    "state.refused": "Refused",
    select: "Select {name}",
    approve: "Send the selected",
    refuse: "Refuse the selected",
    revoke: "Revoke the link",
    approved: "Link sent to the buyer",
    refused: "Documents refused",
    revoked: "Link revoked",
    error: "The action failed. Please try again.",
    link: "Link sent on {sent}, valid until {until}",
    linkRevoked: "Link sent on {sent}, revoked on {revoked}",
    linkExpired: "Link sent on {sent}, expired on {until}",
  },
});

const TONES: Record<PackItemState, BadgeTone> = { requested: "info", approved: "success", refused: "neutral" };

const ticketKey = (id: string) => [...inboxKeys.thread(id), "documents"];

/** Approve, refuse or revoke: the request's documents and the inbox (its replies and state) are read again. */
function useDecision(id: string, action: "approve" | "refuse" | "revoke", success: string, error: string) {
  return useAdminMutation<PackTicket, string[], undefined>({
    mutationFn: (documentIds) =>
      api.post(`/contact/${id}/documents/${action}`, action === "revoke" ? undefined : { documentIds }, packTicketSchema),
    invalidates: [ticketKey(id), queryKeys.submissions],
    success,
    error,
  });
}

/**
 * A document pack request in its ticket (decision 0125): its documents with their state, checkboxes to send (approve)
 * or refuse some or all, the links sent and "Retirer le lien".
 */
export function PackRequest({ message, canDecide }: { message: ContactSubmission; canDecide: boolean }) {
  const t = useTexts(TEXTS);
  const lang = useScreenLang();
  const key = ticketKey(message._id);
  const ticket = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get(`/contact/${message._id}/documents`, packTicketSchema, signal),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const items = ticket.data?.items ?? [];
  // Checked by default: the documents still waiting. Reset only when that set changes, not on every read of the ticket.
  const waiting = items
    .filter((item) => item.state === "requested")
    .map((item) => item.documentId)
    .join(",");
  useEffect(() => setSelected(waiting ? waiting.split(",") : []), [waiting]);

  const approve = useDecision(message._id, "approve", t("approved"), t("error"));
  const refuse = useDecision(message._id, "refuse", t("refused"), t("error"));
  const revoke = useDecision(message._id, "revoke", t("revoked"), t("error"));
  const busy = approve.isPending || refuse.isPending || revoke.isPending;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const openLink = ticket.data?.links.some((link) => !link.revokedAt && Date.parse(link.expiresAt) > Date.now());

  return (
    <section aria-labelledby="pack-request-title" className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id="pack-request-title" className="text-sm font-semibold text-navy">
        {t("title")}
      </h3>
      {canDecide && <p className="text-sm text-slate-600">{t("hint")}</p>}
      <ul className="divide-y divide-slate-200">
        {items.map((item) => {
          const name = `${item.productName} — ${DOCUMENT_KIND_NAMES[item.kind as keyof typeof DOCUMENT_KIND_NAMES]?.[lang] ?? item.kind} (${DOCUMENT_LANGUAGE_NAMES[item.language as keyof typeof DOCUMENT_LANGUAGE_NAMES]?.[lang] ?? item.language})`;
          const id = `pack-item-${item.documentId}`;
          return (
            <li key={item.documentId} data-testid="pack-request-item" className="flex items-center justify-between gap-3 py-2">
              <label htmlFor={id} className="flex min-w-0 items-center gap-2 text-sm text-navy">
                {canDecide && (
                  <input
                    id={id}
                    type="checkbox"
                    className="size-4 rounded border-slate-400 accent-teal"
                    checked={selected.includes(item.documentId)}
                    onChange={(event) =>
                      setSelected((current) =>
                        event.target.checked
                          ? [...current, item.documentId]
                          : current.filter((documentId) => documentId !== item.documentId),
                      )
                    }
                  />
                )}
                <span className="min-w-0">{name}</span>
              </label>
              <Badge tone={TONES[item.state]}>{t(`state.${item.state}`)}</Badge>
            </li>
          );
        })}
      </ul>
      {ticket.data?.links.map((link) => (
        <p key={link.createdAt} className="text-xs text-slate-600">
          {link.revokedAt
            ? t("linkRevoked", { sent: date(link.createdAt), revoked: date(link.revokedAt) })
            : Date.parse(link.expiresAt) > Date.now()
              ? t("link", { sent: date(link.createdAt), until: date(link.expiresAt) })
              : t("linkExpired", { sent: date(link.createdAt), until: date(link.expiresAt) })}
        </p>
      ))}
      {canDecide && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy || selected.length === 0} loading={approve.isPending} onClick={() => approve.mutate(selected)}>
            {t("approve")}
          </Button>
          <Button size="sm" variant="outline" disabled={busy || selected.length === 0} onClick={() => refuse.mutate(selected)}>
            {t("refuse")}
          </Button>
          {openLink && (
            <Button size="sm" variant="danger" disabled={busy} onClick={() => revoke.mutate([])}>
              {t("revoke")}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
