import type { Lang } from "@shared/company";
import { RESOURCES, type ResourceType } from "@shared/resources/index";
import type { HistoryEntry } from "@shared/schemas/history";
import { ticketNumberOf } from "@shared/ticket";
import { translate } from "~/i18n/texts";
import { HISTORY_TEXTS } from "./texts";

/**
 * How a history row names its item: a message by its ticket number and, while it exists, its subject (the history keeps
 * no personal data of it); a one-document resource (the site settings) by its name; any other by the name kept at
 * write time, else its id.
 */
export function historyItemName(entry: Pick<HistoryEntry, "entityType" | "entityId" | "label" | "subject">, lang: Lang): string {
  if (entry.entityType === "message" && entry.entityId) {
    const number = ticketNumberOf(entry.entityId);
    return entry.subject
      ? translate(HISTORY_TEXTS, lang, "item.ticketSubject", { number, subject: entry.subject })
      : translate(HISTORY_TEXTS, lang, "item.ticket", { number });
  }
  if (entry.label) return entry.label;
  if (Object.hasOwn(RESOURCES, entry.entityType) && RESOURCES[entry.entityType as ResourceType].singleton) {
    const key = `type.${entry.entityType}`;
    if (key in HISTORY_TEXTS.fr) return translate(HISTORY_TEXTS, lang, key as "type.settings");
  }
  return entry.entityId ?? "—";
}
