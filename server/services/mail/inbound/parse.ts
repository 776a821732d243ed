import { createHash } from "node:crypto";
import { MAIL_LIMITS } from "@shared/limits";
import type { InboundNotice } from "@shared/schemas/contact";
import EmailReplyParser from "email-reply-parser";
import { convert } from "html-to-text";
import { type AddressObject, type Attachment, type HeaderValue, type ParsedMail, simpleParser } from "mailparser";
import type { InboundKind } from "../../../db/schema/index";
import { safeFileName } from "../../../lib/file-name";

/** A file of an incoming mail: its bytes when kept, only its name and size when over the cap. */
export type InboundFile = { fileName: string; contentType: string; size: number; content: Buffer | null };

/** What the import needs of one incoming mail (decision 0115), whatever shape its client gave it. */
export type InboundMail = {
  /** Its Message-ID, or `sha256:<hash of its source>` when it has none: the key that imports it once. */
  key: string;
  inReplyTo: string[];
  references: string[];
  /** Thread numbers in its subject (`[#A1B2C3]`), as written by our mails. */
  refs: string[];
  from: { address: string; name: string };
  subject: string;
  date: string | null;
  kind: InboundKind;
  /** The new text alone (quoted history stripped), and the whole text. */
  text: string;
  fullText: string;
  files: InboundFile[];
  /** A delivery status report (its body says what failed, and which of our mails). */
  report: boolean;
  /** For a delivery failure: the Message-IDs its report quotes (one is ours), the failed address and the status. */
  bounce: { messageIds: string[]; recipient: string; status: string } | null;
  /** What could not be imported: the whole mail was too large, or unreadable; empty when complete. */
  notice: InboundNotice | "";
};

const MESSAGE_ID = /<[^<>\s]{1,900}>/g;
const REF_IN_SUBJECT = /\[#([0-9A-F]{6})\]/gi;

/** Every `<id>` of a threading header (mailparser gives a string, an array, or nothing). */
function ids(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(" ") : (value ?? "");
  return [...new Set(text.match(MESSAGE_ID) ?? [])];
}

function firstAddress(value: AddressObject | AddressObject[] | undefined): { address: string; name: string } {
  const first = (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value)[0];
  return { address: (first?.address ?? "").trim().toLowerCase(), name: (first?.name ?? "").trim() };
}

const headerText = (value: HeaderValue | undefined): string => {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.join(" ");
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && "value" in value && typeof value.value === "string") return value.value;
  return "";
};

/**
 * An automatic answer (out-of-office, auto-responder, list or bulk mail): RFC 3834's `Auto-Submitted`, and the
 * headers Exchange, Gmail and the common auto-responders set. Shown in the thread, never answered, never moves it.
 */
export function isAutomatic(headers: Map<string, HeaderValue>): boolean {
  const auto = headerText(headers.get("auto-submitted")).toLowerCase();
  if (auto && !auto.startsWith("no")) return true;
  if (headers.has("x-autoreply") || headers.has("x-autorespond") || headers.has("x-autoresponder")) return true;
  const precedence = headerText(headers.get("precedence")).toLowerCase();
  return ["auto_reply", "bulk", "junk", "list"].includes(precedence.trim());
}

/** A delivery status notification (RFC 3464): `multipart/report; report-type=delivery-status`. */
function isDeliveryReport(headers: Map<string, HeaderValue>): boolean {
  const type = headers.get("content-type");
  if (!type || typeof type !== "object" || !("value" in type)) return false;
  const params = "params" in type && type.params && typeof type.params === "object" ? (type.params as Record<string, string>) : {};
  return String(type.value).toLowerCase() === "multipart/report" && (params["report-type"] ?? "").toLowerCase() === "delivery-status";
}

/** What a delivery report says failed, read from its source (its machine-readable parts are not text to mailparser). */
function bounceOf(source: string, ownId: string | undefined): InboundMail["bounce"] {
  const action = /^Action:\s*(\w+)/im.exec(source)?.[1]?.toLowerCase();
  const status = /^Status:\s*(\d\.\d{1,3}\.\d{1,3})/im.exec(source)?.[1] ?? "";
  if (action !== "failed" && !status.startsWith("5")) return null;
  const quoted = [...source.matchAll(/^Message-ID:\s*(<[^<>\s]{1,900}>)/gim)].map((m) => m[1] ?? "").filter((id) => id && id !== ownId);
  const recipient = /^Final-Recipient:\s*[^;\r\n]*;\s*(\S+)/im.exec(source)?.[1] ?? "";
  return { messageIds: [...new Set(quoted)], recipient: recipient.toLowerCase(), status };
}

/** The new text of an answer: what email-reply-parser keeps once quoted history and signatures are cut. */
function stripQuoted(text: string): string {
  try {
    const kept = new EmailReplyParser().parseReply(text).trim();
    return kept || text.trim();
  } catch {
    return text.trim();
  }
}

const clip = (text: string) => text.slice(0, MAIL_LIMITS.inboundTextMaxChars);

/** The files a reader would call attachments: not the images a signature or an HTML body shows inline. */
function filesOf(attachments: Attachment[]): InboundFile[] {
  return attachments
    .filter((a) => !a.related && !/^(message\/delivery-status|text\/rfc822-headers|message\/rfc822-headers)$/i.test(a.contentType))
    .slice(0, MAIL_LIMITS.inboundAttachmentsMax)
    .map((a) => ({
      fileName: safeFileName(a.filename),
      contentType: /^[\w.+-]+\/[\w.+-]+$/.test(a.contentType) ? a.contentType.toLowerCase() : "application/octet-stream",
      size: a.size,
      content: a.size <= MAIL_LIMITS.inboundAttachmentMaxBytes ? a.content : null,
    }));
}

const keyOf = (source: Buffer, messageId: string | undefined) =>
  messageId?.match(MESSAGE_ID)?.[0] ?? `sha256:${createHash("sha256").update(source).digest("hex")}`;

/**
 * An HTML-only mail as text: what a reader sees, never an address it would load or run (images are dropped, links
 * keep their words without their target). The thread shows only this text, so no HTML of a mail reaches a browser.
 */
export function htmlAsText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "script", format: "skip" },
      { selector: "style", format: "skip" },
    ],
  });
}

function textOf(parsed: ParsedMail, source: Buffer): string {
  const htmlOnly = typeof parsed.html === "string" && !/content-type:\s*text\/plain/i.test(source.toString("latin1"));
  return htmlOnly && typeof parsed.html === "string" ? htmlAsText(parsed.html) : (parsed.text ?? "");
}

function fromParsed(parsed: ParsedMail, source: Buffer, notice: InboundNotice | ""): InboundMail {
  const subject = (parsed.subject ?? "").slice(0, 500);
  const full = clip(textOf(parsed, source).replace(/\r\n/g, "\n"));
  const report = isDeliveryReport(parsed.headers);
  const bounce = report ? bounceOf(source.toString("latin1"), parsed.messageId) : null;
  return {
    key: keyOf(source, parsed.messageId),
    inReplyTo: ids(parsed.inReplyTo),
    references: ids(parsed.references),
    refs: [...new Set([...subject.matchAll(REF_IN_SUBJECT)].map((m) => (m[1] ?? "").toUpperCase()))],
    from: firstAddress(parsed.from),
    subject,
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null,
    kind: bounce ? "bounce" : report || isAutomatic(parsed.headers) ? "auto_reply" : "reply",
    text: bounce ? full.trim() : stripQuoted(full),
    fullText: full,
    files: bounce ? [] : filesOf(parsed.attachments),
    report,
    bounce,
    notice,
  };
}

const PARSE_OPTIONS = { skipImageLinks: true, skipTextLinks: true, skipHtmlToText: false, maxHtmlLengthToParse: 2_000_000 };

/**
 * Reads one incoming mail. `source` is the whole mail, or only its headers when it was over the size cap
 * (`headersOnly`). A mail mailparser cannot read is imported from its headers alone, with a
 * notice: one malformed mail never stops the poll.
 */
export async function parseInbound(source: Buffer, headersOnly = false): Promise<InboundMail> {
  if (headersOnly) {
    const parsed = await simpleParser(source, PARSE_OPTIONS).catch(() => null);
    if (!parsed) return { ...EMPTY, key: keyOf(source, undefined), notice: "unreadable" };
    return { ...fromParsed(parsed, source, "too_large"), text: "", fullText: "", files: [] };
  }
  try {
    return fromParsed(await simpleParser(source, PARSE_OPTIONS), source, "");
  } catch {
    const end = source.indexOf("\r\n\r\n");
    const headers = source.subarray(0, end > 0 ? end + 4 : Math.min(source.length, 64 * 1024));
    const parsed = await simpleParser(headers, PARSE_OPTIONS).catch(() => null);
    const notice = "unreadable";
    if (!parsed) return { ...EMPTY, key: keyOf(source, undefined), notice };
    return { ...fromParsed(parsed, source, notice), text: "", fullText: "", files: [] };
  }
}

const EMPTY: InboundMail = {
  key: "",
  inReplyTo: [],
  references: [],
  refs: [],
  from: { address: "", name: "" },
  subject: "",
  date: null,
  kind: "reply",
  text: "",
  fullText: "",
  files: [],
  report: false,
  bounce: null,
  notice: "",
};
