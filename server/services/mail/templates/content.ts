import type { Lang } from "@shared/company";
import { quotedLines } from "./quote";

/**
 * What a mail says, once: a list of blocks that `mailText` writes as the text part and `blocks.tsx` draws as the HTML
 * part. A template builds the blocks; it never writes either part itself, so both always say the same thing.
 */
export type Block =
  /** Lines of the mail's own words: one line each in the text part, joined by `<br>` in the HTML part. */
  | { kind: "paragraph"; lines: readonly string[]; lang?: Lang; strong?: boolean }
  /** Text somebody typed (a message, a reply): verbatim in the text part, paragraphs and line breaks kept in HTML. */
  | { kind: "message"; text: string; boxed?: boolean }
  /** A link to follow: its address alone on a line in the text part, a button (and the address) in HTML. */
  | { kind: "button"; href: string; label: string; showHref?: boolean; htmlOnly?: boolean }
  /** "---" in the text part, a rule in HTML. */
  | { kind: "separator" }
  /** The sender's signature, after the usual "-- " delimiter line in the text part. */
  | { kind: "signature"; lines: readonly string[] }
  /** The names of the attached files: HTML only, the text part's readers see the attachments themselves. */
  | { kind: "attachments"; title: string; names: readonly string[] }
  /** An earlier message: its header line then each line after "> " in the text part, a `<blockquote>` in HTML. */
  | { kind: "quote"; header: string; text: string };

export type MailContent = {
  lang: Lang;
  subject: string;
  /** The inbox's preview line (hidden in the HTML part, absent from the text part). */
  preview: string;
  blocks: readonly Block[];
  /** Whether the text part ends with a line break (the reply and the invitation always did). */
  finalNewline?: boolean;
};

export type RenderedMail = { subject: string; text: string; html: string };

/** The text form of a block, or null for an HTML-only block. */
function blockText(block: Block): string | null {
  switch (block.kind) {
    case "paragraph":
      return block.lines.join("\n");
    case "message":
      return block.text;
    case "button":
      return block.htmlOnly ? null : block.href;
    case "separator":
      return "---";
    case "signature":
      return ["-- ", ...block.lines].join("\n");
    case "attachments":
      return null;
    case "quote":
      return [block.header, ...quotedLines(block.text)].join("\n");
  }
}

/** The text part: the blocks separated by an empty line. */
export function mailText(content: MailContent): string {
  const parts = content.blocks.map(blockText).filter((part): part is string => part !== null);
  return parts.join("\n\n") + (content.finalNewline ? "\n" : "");
}
