import { z } from "zod";
import { msg } from "../validation-messages";
import { isSitePath } from "./common";

/**
 * Rich text (decision 0102): a document stored as structured data, never HTML. The shape is the one the back office's
 * editor (Tiptap, ProseMirror JSON) produces, restricted to a whitelist: paragraphs, headings h2–h4, bulleted and
 * numbered lists, line breaks, and the marks bold, italic and link. Anything else (an unknown node or mark, a link to
 * `javascript:` or `data:`, a target other than `_blank`) is refused, not cleaned; unknown attributes are dropped.
 * The public pages render it from this structure on the server (app/components/site/rich-text.tsx).
 */

/** How deep nodes may nest (doc → list → item → list → …): six list levels at most. */
export const RICH_TEXT_MAX_DEPTH = 16;
/** How many nodes one document may hold, whatever its visible length. */
export const RICH_TEXT_MAX_NODES = 20_000;

const INVALID_LINK = msg("rich_text.invalid_link");

/**
 * A link's address: absolute http(s), `mailto:`, `tel:`, or a path of this site (`/…`, not `//host` nor `/\host`, no
 * `//`, no `.` or `..` segment). Nothing else: no `javascript:`, `data:`, `vbscript:`, no whitespace or control
 * characters anywhere.
 */
export function isSafeHref(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (href.length === 0 || href.length > 2048 || /[\s\u0000-\u001f\u007f\\]/.test(href)) return false;
  if (/^https?:\/\/[^/?#]/i.test(href)) return URL.canParse(href);
  if (/^mailto:[^@/]+@[^@/]+$/i.test(href)) return true;
  if (/^tel:\+?[\d().-]{3,40}$/i.test(href)) return true;
  return isSitePath(href);
}

const linkAttrs = z.object({
  href: z.string().refine(isSafeHref, INVALID_LINK),
  /** Where the author chose to open the link: a new tab, or the same one (null). */
  target: z.enum(["_blank"]).nullable().optional().default(null),
});

export const richMarkSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bold") }),
  z.object({ type: z.literal("italic") }),
  z.object({ type: z.literal("link"), attrs: linkAttrs }),
]);
export type RichMark = z.output<typeof richMarkSchema>;

const textNode = z.object({
  type: z.literal("text"),
  text: z.string().min(1),
  marks: z.array(richMarkSchema).max(3).optional(),
});
const hardBreak = z.object({ type: z.literal("hardBreak") });
export const richInlineSchema = z.discriminatedUnion("type", [textNode, hardBreak]);
export type RichInline = z.output<typeof richInlineSchema>;

const inlineContent = z.array(richInlineSchema).optional();
const paragraph = z.object({ type: z.literal("paragraph"), content: inlineContent });
const heading = z.object({
  type: z.literal("heading"),
  attrs: z.object({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }),
  content: inlineContent,
});

export type RichParagraph = z.output<typeof paragraph>;
export type RichHeading = z.output<typeof heading>;
export type RichListItem = { type: "listItem"; content: (RichParagraph | RichList)[] };
export type RichList =
  | { type: "bulletList"; content: RichListItem[] }
  | { type: "orderedList"; attrs?: { start?: number }; content: RichListItem[] };
export type RichBlock = RichParagraph | RichHeading | RichList;
export type RichDoc = { type: "doc"; content: RichBlock[] };

const listItem: z.ZodType<RichListItem> = z.object({
  type: z.literal("listItem"),
  get content() {
    return z.array(z.union([paragraph, bulletList, orderedList])).min(1);
  },
});
const bulletList: z.ZodType<Extract<RichList, { type: "bulletList" }>> = z.object({
  type: z.literal("bulletList"),
  content: z.array(listItem).min(1),
});
const orderedList: z.ZodType<Extract<RichList, { type: "orderedList" }>> = z.object({
  type: z.literal("orderedList"),
  attrs: z.object({ start: z.number().int().min(0).max(100_000).optional() }).optional(),
  content: z.array(listItem).min(1),
});

const docShape = z.object({
  type: z.literal("doc"),
  content: z.array(z.union([paragraph, heading, bulletList, orderedList])),
});

/** Depth and node count of any JSON value, walked without recursion (a hostile document cannot exhaust the stack). */
function measure(value: unknown): { depth: number; nodes: number } {
  let depth = 0;
  let nodes = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, level] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    nodes += 1;
    if (level > depth) depth = level;
    if (depth > RICH_TEXT_MAX_DEPTH * 3 || nodes > RICH_TEXT_MAX_NODES * 4) break;
    const content = (current as { content?: unknown }).content;
    if (Array.isArray(content)) for (const child of content) stack.push([child, level + 1]);
  }
  return { depth, nodes };
}

/** The document schema alone, without a length limit: see `richTextSchema(max)`. */
export const richDocSchema: z.ZodType<RichDoc, unknown> = z
  .unknown()
  .superRefine((value, ctx) => {
    const { depth, nodes } = measure(value);
    if (depth > RICH_TEXT_MAX_DEPTH) ctx.addIssue({ code: "custom", message: msg("rich_text.too_deep"), fatal: true });
    else if (nodes > RICH_TEXT_MAX_NODES) ctx.addIssue({ code: "custom", message: msg("rich_text.too_long"), fatal: true });
  })
  .pipe(docShape) as z.ZodType<RichDoc, unknown>;

function inlineText(content: RichInline[] | undefined): string {
  return (content ?? []).map((node) => (node.type === "text" ? node.text : "\n")).join("");
}

function blockText(block: RichBlock | RichListItem, prefix = ""): string[] {
  switch (block.type) {
    case "paragraph":
    case "heading":
      return [prefix + inlineText(block.content)];
    case "bulletList":
    case "orderedList":
      return block.content.flatMap((item, index) => {
        const marker = block.type === "bulletList" ? "- " : `${(block.type === "orderedList" ? (block.attrs?.start ?? 1) : 1) + index}. `;
        return blockText(item, prefix + marker);
      });
    case "listItem":
      return block.content.flatMap((child, index) => blockText(child, index === 0 ? prefix : " ".repeat(prefix.length)));
  }
}

/**
 * The document as plain text: blocks separated by a blank line, list items one a line ("- ", "1. "). This is what
 * `contentFr`/`contentEn` of a rich text block carry for the specification's clients, and what search engines'
 * descriptions fall back to.
 */
export function richToPlain(doc: RichDoc): string {
  return doc.content
    .map((block) => blockText(block).join("\n"))
    .filter((text) => text.trim() !== "")
    .join("\n\n");
}

/** The characters a reader sees: the text of every text node, no markup, no markers, no line breaks. */
export function visibleLength(doc: RichDoc): number {
  let count = 0;
  const stack: unknown[] = [...doc.content];
  while (stack.length > 0) {
    const node = stack.pop() as { type: string; text?: string; content?: unknown[] };
    if (node.type === "text" && node.text) count += [...node.text].length;
    if (node.content) stack.push(...node.content);
  }
  return count;
}

/**
 * A plain text as a document, the way plain texts render: paragraphs split on blank lines, single line breaks kept.
 * The editor starts from this when a block or page still holds plain text.
 */
export function plainToRich(text: string): RichDoc {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    type: "doc",
    content: paragraphs.map((p) => ({
      type: "paragraph" as const,
      content: p.split("\n").flatMap((line, index): RichInline[] => {
        const parts: RichInline[] = index > 0 ? [{ type: "hardBreak" }] : [];
        return line === "" ? parts : [...parts, { type: "text", text: line }];
      }),
    })),
  };
}

/** A document with no visible character (the editor's empty state). */
export const isEmptyRich = (doc: RichDoc): boolean => visibleLength(doc) === 0;

/** A rich text of at most `max` visible characters (the limit counts what a reader sees, not the markup). */
export const richTextSchema = (max: number) => richDocSchema.refine((doc) => visibleLength(doc) <= max, msg("field.max_chars", { max }));
