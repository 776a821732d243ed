import type { HistoryChange } from "@shared/schemas/history-changes";
import type { SettingsData } from "@shared/schemas/settings";
import { cut } from "../lib/history-changes";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Lists whose entries move as a whole (a timeline entry, a phone number…): a changed length shows as the whole list. */
function summary(value: Json): string {
  return cut(typeof value === "string" ? value : JSON.stringify(value));
}

function walk(path: string, before: Json | undefined, after: Json | undefined, out: HistoryChange[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const bothObjects =
    typeof before === "object" &&
    before !== null &&
    typeof after === "object" &&
    after !== null &&
    Array.isArray(before) === Array.isArray(after);
  if (bothObjects && (!Array.isArray(before) || (Array.isArray(after) && before.length === after.length))) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      walk(path ? `${path}.${key}` : key, (before as Record<string, Json>)[key], (after as Record<string, Json>)[key], out);
    }
    return;
  }
  out.push({ field: path, before: before === undefined ? null : summary(before), after: after === undefined ? null : summary(after) });
}

/**
 * What an edit of the settings changed, field by field (decision 0084): each changed text under its path
 * (`home.values.0.title.fr`); a list that grew or shrank (timeline entries, phone numbers…) as the whole list.
 */
export function settingsChanges(before: SettingsData, after: SettingsData): HistoryChange[] {
  const out: HistoryChange[] = [];
  walk("", before as unknown as Json, after as unknown as Json, out);
  return out;
}
