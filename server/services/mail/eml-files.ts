import { lstat, mkdir, opendir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The `.eml` files written instead of sending when SMTP_URL is unset (`DATA_DIR/outbox`). Each is named after its
 * Message-ID, so the file of an outbox row is found from the row; files of rows already gone are found by scanning
 * the folder, one entry at a time.
 */
export type EmlFiles = {
  readonly dir: string;
  write(messageId: string, message: Buffer): Promise<void>;
  /** Removes the files of these Message-IDs; resolves to how many there were. */
  remove(messageIds: Iterable<string>): Promise<number>;
  /** Removes every file whose headers (To, From, Reply-To, Subject…) or text name the address; resolves to how many. */
  removeMentioning(address: string): Promise<number>;
  /** Removes every file last written before `cutoff`; resolves to how many. */
  removeOlderThan(cutoff: Date): Promise<number>;
};

/**
 * A file larger than this is read by no scan: the writer never makes one (a mail's text is bounded by the contact
 * form's and the reply's limits), and a scan must not load whatever else lies in the folder.
 */
export const EML_SCAN_MAX_BYTES = 10 * 1024 * 1024;

/** `<uuid@domain>` → `uuid@domain.eml`: only characters safe in a file name, so no Message-ID can name another path. */
export function emlFileName(messageId: string): string {
  const safe = messageId
    .replace(/^<|>$/g, "")
    .replace(/[^A-Za-z0-9._@+-]/g, "_")
    .replace(/^\.+/, "_")
    .slice(0, 200);
  return `${safe || "message"}.eml`;
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** Quoted-printable (RFC 2045 §6.7) to bytes, the string holding one byte per character. */
const fromQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Encoded words of headers (RFC 2047), adjacent ones joined as a reader sees them. */
function decodeWords(headers: string): string {
  const word = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
  return headers
    .replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?)/g, "$1")
    .replace(word, (_, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === "B" ? Buffer.from(text, "base64") : Buffer.from(fromQuotedPrintable(text.replace(/_/g, " ")), "latin1");
      return decode(bytes, charset);
    });
}

function decodeBody(body: string, transferEncoding: string, charset: string): string {
  const encoding = transferEncoding.trim().toLowerCase();
  if (encoding === "base64") return decode(Buffer.from(body.replace(/\s+/g, ""), "base64"), charset);
  if (encoding === "quoted-printable") return decode(Buffer.from(fromQuotedPrintable(body), "latin1"), charset);
  return decode(Buffer.from(body, "latin1"), charset);
}

/** One MIME part (the string holds one byte per character): its unfolded, decoded headers and its decoded text. */
function partText(part: string): string {
  const blank = /\r?\n\r?\n/.exec(part);
  const head = (blank ? part.slice(0, blank.index) : part).replace(/\r?\n[ \t]+/g, " ");
  const body = blank ? part.slice(blank.index + blank[0].length) : "";
  const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head)?.[1] ?? "";
  const headers = decodeWords(Buffer.from(head, "latin1").toString("utf8"));
  const type = field("content-type");
  const boundary = /boundary="?([^";\s]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((piece) => !piece.startsWith("--"));
    return [headers, ...parts.map((piece) => partText(piece.replace(/^\r?\n/, "")))].join("\n");
  }
  const charset = /charset="?([^";\s]+)"?/i.exec(type)?.[1] ?? "utf-8";
  return `${headers}\n${decodeBody(body, field("content-transfer-encoding"), charset)}`;
}

/** What a reader of the mail sees: its headers and every text part, decoded (quoted-printable, base64, RFC 2047). */
export function readableText(raw: Buffer): string {
  return partText(raw.toString("latin1"));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** True when `text` names the address itself, case aside: not a longer address that contains it. */
export function mentionsAddress(text: string, address: string): boolean {
  const local = "[\\w.!#$%&'*+/=?^`{|}~-]";
  return new RegExp(`(?<!${local})${escapeRegExp(address.trim())}(?![\\w-]|\\.[\\w-])`, "i").test(text);
}

/**
 * The .eml files of `dir`. Scans wait for the files being written, so a mail written while an address is erased is
 * not missed.
 */
export function createEmlFiles(dir: string): EmlFiles {
  const writing = new Set<Promise<unknown>>();
  const settled = () => Promise.allSettled([...writing]);

  /** Each .eml file of the folder, read from the directory one entry at a time. */
  async function* files(): AsyncGenerator<string> {
    const folder = await opendir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!folder) return;
    for await (const entry of folder) if (entry.isFile() && entry.name.endsWith(".eml")) yield path.join(dir, entry.name);
  }

  /** Removes the files `doomed` picks; a file gone meanwhile is not counted. */
  async function removeWhere(doomed: (file: string) => Promise<boolean>): Promise<number> {
    await settled();
    let removed = 0;
    for await (const file of files()) {
      if (!(await doomed(file))) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  const sizeAndTime = (file: string) => lstat(file).catch(() => null);

  return {
    dir,
    async write(messageId, message) {
      const written = (async () => {
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, emlFileName(messageId)), message);
      })();
      writing.add(written);
      try {
        await written;
      } finally {
        writing.delete(written);
      }
    },
    async remove(messageIds) {
      await settled();
      let removed = 0;
      for (const messageId of new Set(messageIds)) {
        const file = path.join(dir, emlFileName(messageId));
        if (!(await sizeAndTime(file))?.isFile()) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
    removeMentioning(address) {
      return removeWhere(async (file) => {
        const stats = await sizeAndTime(file);
        if (!stats || stats.size > EML_SCAN_MAX_BYTES) return false;
        const raw = await readFile(file).catch(() => null);
        return raw !== null && mentionsAddress(readableText(raw), address);
      });
    },
    removeOlderThan(cutoff) {
      return removeWhere(async (file) => {
        const stats = await sizeAndTime(file);
        return stats !== null && stats.mtime < cutoff;
      });
    },
  };
}
