import { type ComparedField, comparedFieldsOf } from "@shared/resources/define";
import { RESOURCES } from "@shared/resources/index";
import { formatSiteDateTime } from "@shared/schedule";
import type { RichDoc } from "@shared/schemas/rich-text";
import { richToPlain } from "@shared/schemas/rich-text";
import { VERSIONED_TYPES, type VersionedType } from "@shared/schemas/versions";

/** What a comparison cell shows: visible text (rich text as its text) and/or an image as a thumbnail. */
export type Shown = { text: string; image: string | null };
/** One line of the comparison: a field (or block) with its value in the version and now, per language when bilingual. */
export type CompareRow = {
  id: string;
  /** A field of HISTORY_TEXTS (`field.nameFr`…), a block's position, or a settings path (named by the settings form). */
  label: { field: string } | { block: number } | { settings: string };
  /** `fr`/`en` for a bilingual field, side by side; `null` for one value. */
  cells: { lang: "fr" | "en" | null; before: Shown; after: Shown }[];
  changed: boolean;
};

/** The fields each resource's form shows, in its order (its declaration's); a pair is one bilingual field shown side by side. */
export const COMPARED_FIELDS = Object.fromEntries(VERSIONED_TYPES.map((type) => [type, comparedFieldsOf(RESOURCES[type])])) as Record<
  VersionedType,
  ComparedField[]
>;

/** Fields declared as instants (shown in Tunisia's time). */
const DATE_FIELDS = new Set(
  Object.values(RESOURCES).flatMap((resource) =>
    Object.entries(resource.fields as Record<string, { kind: string }>)
      .filter(([, f]) => f.kind === "date")
      .map(([name]) => name),
  ),
);
const IMAGE_FIELD = /image|logo/i;
const EMPTY: Shown = { text: "", image: null };

const isRichDoc = (value: unknown): value is RichDoc =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "doc";

/** A value as a person reads it: dates in Tunisia's time (decision 0104), rich text as text, images as thumbnails. */
export function shownValue(field: string, value: unknown, yesNo: (v: boolean) => string): Shown {
  if (value === null || value === undefined || value === "") return EMPTY;
  if (typeof value === "boolean") return { text: yesNo(value), image: null };
  if (typeof value === "string" && IMAGE_FIELD.test(field)) return { text: "", image: value };
  if (typeof value === "string" && DATE_FIELDS.has(field)) return { text: formatSiteDateTime(value), image: null };
  if (typeof value === "string" || typeof value === "number") return { text: String(value), image: null };
  if (isRichDoc(value)) return { text: richToPlain(value), image: null };
  if (typeof value === "object" && "nameFr" in value) return { text: String((value as { nameFr: unknown }).nameFr), image: null };
  return { text: JSON.stringify(value), image: null };
}

const same = (a: Shown, b: Shown) => a.text === b.text && a.image === b.image;

type Block = {
  type?: unknown;
  contentFr?: unknown;
  contentEn?: unknown;
  richFr?: unknown;
  richEn?: unknown;
  imageUrl?: unknown;
  tableData?: unknown;
};

function tableText(table: unknown, lang: "fr" | "en"): string {
  if (typeof table !== "object" || table === null) return "";
  const side = (table as Record<string, { headers?: string[]; rows?: string[][] } | undefined>)[lang];
  if (!side) return "";
  return [side.headers ?? [], ...(side.rows ?? [])].map((row) => row.join(" | ")).join(" / ");
}

function blockSide(block: Block | undefined, lang: "fr" | "en"): Shown {
  if (!block) return EMPTY;
  const rich = lang === "fr" ? block.richFr : block.richEn;
  const plain = lang === "fr" ? block.contentFr : block.contentEn;
  const text = [isRichDoc(rich) ? richToPlain(rich) : typeof plain === "string" ? plain : "", tableText(block.tableData, lang)]
    .filter(Boolean)
    .join(" · ");
  return { text, image: typeof block.imageUrl === "string" && block.imageUrl ? block.imageUrl : null };
}

/**
 * The comparison of a version (`before`) with the resource now (`after`, null once deleted): the form's fields in its
 * order, then (products) the content blocks by position.
 */
export function compareVersions(
  type: VersionedType,
  before: Record<string, unknown>,
  after: Record<string, unknown> | null,
  yesNo: (v: boolean) => string,
): CompareRow[] {
  const now = after ?? {};
  if (type === "settings") return settingsRows(before, now, yesNo);
  const rows: CompareRow[] = [];
  for (const spec of COMPARED_FIELDS[type]) {
    const fields =
      typeof spec === "string"
        ? [{ lang: null, field: spec }]
        : ([
            { lang: "fr", field: spec.fr },
            { lang: "en", field: spec.en },
          ] as const);
    const cells = fields.map(({ lang, field }) => ({
      lang,
      before: shownValue(field, before[field], yesNo),
      after: shownValue(field, now[field], yesNo),
    }));
    const id = typeof spec === "string" ? spec : spec.fr;
    rows.push({ id, label: { field: id }, cells, changed: cells.some((c) => !same(c.before, c.after)) });
  }
  const blocksOf = (value: unknown): Block[] => (Array.isArray(value) ? (value as Block[]) : []);
  const oldBlocks = blocksOf(before.contentBlocks);
  const newBlocks = blocksOf(now.contentBlocks);
  for (let i = 0; i < Math.max(oldBlocks.length, newBlocks.length); i += 1) {
    const cells = (["fr", "en"] as const).map((lang) => ({
      lang,
      before: blockSide(oldBlocks[i], lang),
      after: blockSide(newBlocks[i], lang),
    }));
    rows.push({ id: `block-${i}`, label: { block: i + 1 }, cells, changed: cells.some((c) => !same(c.before, c.after)) });
  }
  return rows;
}

type Json = unknown;

/** Every leaf of the settings document by path (`home.values.0.title.fr`), without the version and update time. */
function leaves(value: Json, path: string, out: Map<string, unknown>): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) leaves(item, path ? `${path}.${i}` : String(i), out);
  } else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) {
      if (!path && (key === "version" || key === "updatedAt")) continue;
      leaves(item, path ? `${path}.${key}` : key, out);
    }
  else out.set(path, value);
}

/** The settings document compared place by place: a French text beside its English one, lists item by item. */
function settingsRows(before: Record<string, unknown>, after: Record<string, unknown>, yesNo: (v: boolean) => string): CompareRow[] {
  const old = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  leaves(before, "", old);
  leaves(after, "", now);
  const rows: CompareRow[] = [];
  const seen = new Set<string>();
  for (const path of [...old.keys(), ...now.keys()]) {
    if (seen.has(path) || path.endsWith(".en")) continue;
    seen.add(path);
    const cell = (p: string, lang: "fr" | "en" | null) => ({
      lang,
      before: shownValue(p, old.get(p), yesNo),
      after: shownValue(p, now.get(p), yesNo),
    });
    const base = path.endsWith(".fr") ? path.slice(0, -3) : null;
    const cells = base === null ? [cell(path, null)] : [cell(path, "fr"), cell(`${base}.en`, "en")];
    rows.push({ id: path, label: { settings: base ?? path }, cells, changed: cells.some((c) => !same(c.before, c.after)) });
  }
  return rows;
}
