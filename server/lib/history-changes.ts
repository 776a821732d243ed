import type { ContentBlock } from "@shared/schemas/content-block";
import { HISTORY_CHANGES, type HistoryChange, type HistoryValue } from "@shared/schemas/history-changes";
import type { TableData } from "@shared/schemas/table-data";

/**
 * What a service hands its route about a write (docs/decisions/0084-history-rows-say-what-changed.md): the route passes
 * `historyChanges(request)`, the history row stores what the service computed. Optional, so other callers pass nothing.
 */
export type ChangeSink = (changes: HistoryChange[]) => void;

/** Fields whose values never go into a history row, whatever a caller lists. */
const SECRET_FIELD = /password|hash|secret|token|totp|recovery/i;

/** A text cut to `HISTORY_CHANGES.textMax` characters (the last one "…"), so rows stay small. */
export function cut(text: string, max: number = HISTORY_CHANGES.textMax): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** An image as its file name: `/uploads/algues/ulva-3f2a.webp` → `ulva-3f2a.webp`. */
export function imageName(url: string | null): string | null {
  if (!url) return null;
  const path = url.split(/[?#]/)[0] ?? url;
  return cut(decodeURIComponent(path.slice(path.lastIndexOf("/") + 1)) || url);
}

function shown(value: unknown): HistoryValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return cut(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  return cut(JSON.stringify(value));
}

/** Caps a list of changes at `HISTORY_CHANGES.perRowMax`, the last one counting those left out. */
export function capped(changes: HistoryChange[]): HistoryChange[] {
  if (changes.length <= HISTORY_CHANGES.perRowMax) return changes;
  const kept = changes.slice(0, HISTORY_CHANGES.perRowMax - 1);
  return [...kept, { field: "more", before: null, after: changes.length - kept.length }];
}

/**
 * The `fields` whose value differs between the stored row and the new one, in the order given. Fields named like
 * images (`…ImageUrl…`, `logoUrl`) show as file names, texts are cut; secret-looking fields are never listed.
 */
export function fieldChanges<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    if (SECRET_FIELD.test(field)) continue;
    const a = before[field];
    const b = after[field];
    if (a === b || JSON.stringify(a) === JSON.stringify(b)) continue;
    const image = /image|logo/i.test(field);
    const show = (v: unknown) => (image && (typeof v === "string" || v === null) ? imageName(v) : shown(v));
    changes.push({ field, before: show(a), after: show(b) });
  }
  return changes;
}

/** A table as text: headers then rows, cells split by "|", rows by "/" (French side, else English). */
function tableText(table: TableData | null): string {
  if (!table) return "";
  const side = table.fr.headers.some(Boolean) || table.fr.rows.length > 0 ? table.fr : table.en;
  return [side.headers, ...side.rows].map((row) => row.join(" | ")).join(" / ");
}

/** A block in one line: its text (French, else English), then its image's file name or its table. */
export function blockSummary(block: Pick<ContentBlock, "type" | "contentFr" | "contentEn" | "imageUrl" | "tableData">): string {
  const text = block.contentFr || block.contentEn;
  const extra = block.type === "table" ? tableText(block.tableData) : (imageName(block.imageUrl) ?? "");
  return cut([text, extra].filter(Boolean).join(" · ") || block.type);
}

type Block = ContentBlock;

/** One changed block: each of its fields that differs, under `block.<field>`. */
function blockFieldChanges(before: Block, after: Block): HistoryChange[] {
  const changes = fieldChanges(before, after, ["type", "contentFr", "contentEn", "imageUrl"]);
  if (JSON.stringify(before.tableData) !== JSON.stringify(after.tableData)) {
    changes.push({ field: "tableData", before: cut(tableText(before.tableData)), after: cut(tableText(after.tableData)) });
  }
  return changes.map((c) => ({ ...c, field: `block.${c.field}` }));
}

/**
 * The blocks of a product before and after a save, summarised: a block added or removed in one line, a changed block
 * field by field, and the order of the kept blocks when it changed (each block by its summary, cut short).
 */
export function blockChanges(before: Block[], after: Block[]): HistoryChange[] {
  const old = new Map(before.map((b) => [b._id, b]));
  const kept = new Set(after.filter((b) => old.has(b._id)).map((b) => b._id));
  const changes: HistoryChange[] = [];
  for (const block of before) {
    if (!kept.has(block._id)) changes.push({ field: "block.removed", before: blockSummary(block), after: null });
  }
  for (const block of after) {
    const previous = old.get(block._id);
    if (!previous) changes.push({ field: "block.added", before: null, after: blockSummary(block) });
    else changes.push(...blockFieldChanges(previous, block));
  }
  const oldOrder = before.filter((b) => kept.has(b._id));
  const newOrder = after.filter((b) => kept.has(b._id));
  if (oldOrder.some((b, i) => newOrder[i]?._id !== b._id)) {
    const list = (blocks: Block[]) => cut(blocks.map((b) => `${cut(blockSummary(b), 30)}`).join(", "));
    changes.push({ field: "block.order", before: list(oldOrder), after: list(newOrder) });
  }
  return changes;
}

/** A reorder: the names in their old and new order. */
export function orderChange(before: string[], after: string[]): HistoryChange[] {
  if (before.length === after.length && before.every((name, i) => after[i] === name)) return [];
  return [{ field: "order", before: cut(before.join(", ")), after: cut(after.join(", ")) }];
}
