import { constants, inflateRawSync } from "node:zlib";
import {
  ParseSpeeds,
  PDFArray,
  PDFCatalog,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFPageLeaf,
  PDFParser,
  PDFRawStream,
  PDFStream,
  PDFString,
} from "pdf-lib";
import { HttpError } from "../lib/http-error";

const PDF_MAGIC = Buffer.from("%PDF-", "ascii");

/**
 * Names that make a PDF run something, reach outside itself or carry other files: refused (decision 0109). An /AA or
 * /OpenAction is refused through the /JavaScript, /JS or /Launch of the action it names. Links (/URI) stay, checked by
 * `allowedUri`.
 */
export const ACTIVE_NAMES: ReadonlySet<string> = new Set([
  "JavaScript",
  "JS",
  "Launch",
  "EmbeddedFiles",
  "EmbeddedFile",
  "EF",
  "FileAttachment",
  "GoToR",
  "GoToE",
  "RichMedia",
  "XFA",
  "SubmitForm",
  "ImportData",
]);

/** Every byte can be written `#xx`: a raw name longer than this cannot decode to an active one. */
const LONGEST_RAW_NAME = 3 * Math.max(...[...ACTIVE_NAMES].map((name) => name.length));

/** Schemes a link may open: web pages, mail, telephone. */
const LINK_SCHEME = /^(?:https?|mailto|tel):/i;

/** What decoding the streams a reader reads objects from may produce in all (a deflate stream can grow 1000-fold). */
export const DECODED_STREAMS_LIMIT = 64 * 1024 * 1024;

const SLASH = 0x2f;
/** White space and delimiters (ISO 32000-1, 7.2.2): what ends a name token. */
const ENDS_NAME = new Uint8Array(256);
for (const char of "\0\t\n\f\r ()<>[]{}/%") ENDS_NAME[char.charCodeAt(0)] = 1;

/** A name as ISO 32000-1 (7.3.5) reads it: `#` and two hex digits, of either case, is that byte. */
export function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The name a PDFName of pdf-lib stands for. pdf-lib decodes only `#` with upper-case hex and keeps `#4a` as written;
 * decoding its text again reads those too. (A name that really holds `#`, written `#23`, may be decoded once too
 * often: that can only refuse a file, never let one through.)
 */
function nameOf(name: PDFName): string {
  // asString() is pdf-lib's decoded text with its own `#XX` escapes (a `#` as #23): decoding it once gives that text.
  const written = name.asString().slice(1);
  return written.includes("#") ? decodeName(decodeName(written)) : written;
}

const isActive = (name: PDFName) => ACTIVE_NAMES.has(nameOf(name));

/** Every name token in `bytes` (`/` up to white space or a delimiter), decoded; too long ones are skipped. */
function* nameTokens(bytes: Buffer): Generator<string> {
  let start = bytes.indexOf(SLASH);
  while (start !== -1) {
    let end = start + 1;
    while (end < bytes.length && ENDS_NAME[bytes[end] ?? 0] !== 1) end += 1;
    if (end - start - 1 <= LONGEST_RAW_NAME) {
      const raw = bytes.toString("latin1", start + 1, end);
      yield raw.includes("#") ? decodeName(raw) : raw;
    }
    start = bytes.indexOf(SLASH, end);
  }
}

/** Looked for in the raw bytes: catches what the parser skips (objects between the ones it reads, unfiltered streams). */
function hasActiveName(bytes: Buffer): boolean {
  for (const name of nameTokens(bytes)) if (ACTIVE_NAMES.has(name)) return true;
  return false;
}

/** A link's target must be a web page, a mail address or a telephone number (not javascript:, file:, a path…). */
function allowedUri(target: PDFObject | undefined): boolean {
  if (!(target instanceof PDFString || target instanceof PDFHexString)) return true; // e.g. the catalogue's /URI << /Base … >>
  // Readers, like browsers, ignore control characters and spaces in a scheme ("java\nscript:").
  return LINK_SCHEME.test(target.decodeText().replace(/[\0-\x20]/g, ""));
}

/** Whether a parsed object (and every direct object inside it) names active content or links outside the web. */
function mentionsActive(root: PDFObject, context: PDFContext): boolean {
  const pending: PDFObject[] = [root];
  for (let object = pending.pop(); object; object = pending.pop()) {
    if (object instanceof PDFName) {
      if (isActive(object)) return true;
      continue;
    }
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        if (isActive(key)) return true;
        if (nameOf(key) === "URI" && !allowedUri(context.lookup(value))) return true;
        pending.push(value);
      }
    } else if (object instanceof PDFArray) for (const item of object.asArray()) pending.push(item);
  }
  return false;
}

/** A dictionary's entries by their decoded key (pdf-lib's own lookup misses keys written with lower-case hex). */
function entriesByName(dict: PDFDict): Map<string, PDFObject> {
  const entries = new Map<string, PDFObject>();
  for (const [key, value] of dict.entries()) entries.set(nameOf(key), value);
  return entries;
}

const asList = (object: PDFObject | undefined): PDFObject[] =>
  object === undefined ? [] : object instanceof PDFArray ? object.asArray() : [object];

/**
 * A stream's decoded bytes, if it is unfiltered or deflated (the only filters writers use for object and cross-reference
 * streams); null for any other filter or a predictor on an object stream (its names could not be read), throws past
 * `limit`. Deflate is read as pdf-lib and PDF readers read it: after the 2-byte header, checksum and end not required.
 */
function decodeStream(stream: PDFRawStream, entries: Map<string, PDFObject>, limit: number, objectStream: boolean): Buffer | null {
  const filters = asList(entries.get("Filter"));
  const contents = Buffer.from(stream.contents.buffer, stream.contents.byteOffset, stream.contents.byteLength);
  if (filters.length === 0) return contents;
  const [filter] = filters;
  if (filters.length > 1 || !(filter instanceof PDFName) || nameOf(filter) !== "FlateDecode") return null;
  if (objectStream && entries.has("DecodeParms")) return null;
  return inflateRawSync(contents.subarray(2), { maxOutputLength: Math.max(limit, 1), finishFlush: constants.Z_SYNC_FLUSH });
}

/** Why a file is refused, found while parsing: refused at the end, after the encryption and page checks. */
type StreamFinding = "active" | "unreadable" | null;

/**
 * The streams that hold objects: those pdf-lib unpacks while loading (/Type /ObjStm or /XRef as it reads them) and
 * every one a reader could take for an object stream (it has /First: readers find object streams through the
 * cross-reference stream, whatever their /Type says, and pdf-lib misses a /Type written with lower-case hex). Each is
 * decoded, within `DECODED_STREAMS_LIMIT` in all, before pdf-lib decodes it without a bound; names in object streams
 * are looked for in the decoded bytes, so neither an object stream pdf-lib skips nor an object a later one replaces
 * hides anything.
 */
class StreamChecks {
  finding: StreamFinding = null;
  private decodedBytes = 0;

  inspect(stream: PDFRawStream): void {
    const entries = entriesByName(stream.dict);
    const objectStream = entries.has("First");
    const type = stream.dict.lookup(PDFName.Type);
    const unpackedByPdfLib = type === PDFName.of("ObjStm") || type === PDFName.of("XRef");
    if (!objectStream && !unpackedByPdfLib) return;
    const decoded = this.decode(stream, entries, objectStream);
    if (!decoded) {
      // pdf-lib would decode it without a bound (LZW, ASCII85…), or its names cannot be read.
      if (unpackedByPdfLib) throw new Error("PDF check: an object stream in an unsupported encoding");
      this.finding = "unreadable";
      return;
    }
    if (objectStream && this.finding === null && hasActiveName(decoded)) this.finding = "active";
  }

  private decode(stream: PDFRawStream, entries: Map<string, PDFObject>, objectStream: boolean): Buffer | null {
    let decoded: Buffer | null;
    try {
      decoded = decodeStream(stream, entries, DECODED_STREAMS_LIMIT - this.decodedBytes, objectStream);
    } catch {
      return null; // past the limit, or not deflate at all
    }
    if (decoded) this.decodedBytes += decoded.length;
    return decoded;
  }
}

/** pdf-lib's parser, showing each stream it reads to `checks` before pdf-lib unpacks (or drops) it. */
class CheckingParser extends PDFParser {
  readonly checks = new StreamChecks();

  constructor(bytes: Uint8Array) {
    // As PDFDocument.load parses: yielding to the event loop every 100 objects; any invalid object fails the parse.
    super(bytes, ParseSpeeds.Slow, true, false);
  }

  protected override parseDictOrStream(): PDFDict | PDFStream {
    const object = super.parseDictOrStream();
    if (object instanceof PDFRawStream) this.checks.inspect(object);
    return object;
  }
}

/** Pages in the page tree; 0 without a catalogue or page tree (pdf-lib is lenient on load and fails here). */
function pageCount(context: PDFContext): number {
  try {
    const catalog = context.lookup(context.trailerInfo.Root);
    if (!(catalog instanceof PDFCatalog)) return 0;
    let pages = 0;
    catalog.Pages().traverse((node) => {
      if (node instanceof PDFPageLeaf) pages += 1;
    });
    return pages;
  } catch {
    return 0;
  }
}

/**
 * Checks an uploaded document by its content alone (never its name or declared type): `%PDF-` at byte 0 (a JPEG, PNG,
 * GIF or HTML file with a PDF inside or appended is refused), parsed by pdf-lib with at least one page, not encrypted,
 * and naming nothing of `ACTIVE_NAMES` nor a link outside the web, names decoded as the specification says. Looked for
 * in the raw bytes, in every object pdf-lib parses and in the decoded bytes of every object stream (decision 0109).
 * Returns the page count.
 */
export async function checkPdf(bytes: Buffer): Promise<{ pages: number }> {
  if (bytes.length < PDF_MAGIC.length || !bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    throw new HttpError(415, { code: "document.not_a_pdf" });
  const parser = new CheckingParser(bytes);
  let context: PDFContext;
  try {
    context = await parser.parseDocument();
  } catch {
    throw new HttpError(422, { code: "document.unreadable_pdf" });
  }
  if (context.lookup(context.trailerInfo.Encrypt)) throw new HttpError(422, { code: "document.encrypted" });
  const pages = pageCount(context);
  if (pages < 1 || parser.checks.finding === "unreadable") throw new HttpError(422, { code: "document.unreadable_pdf" });
  if (parser.checks.finding === "active" || hasActiveName(bytes)) throw new HttpError(422, { code: "document.active_content" });
  for (const [, object] of context.enumerateIndirectObjects())
    if (mentionsActive(object, context)) throw new HttpError(422, { code: "document.active_content" });
  return { pages };
}
