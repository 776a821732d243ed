import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from "pdf-lib";
import { HttpError } from "../lib/http-error";

const PDF_MAGIC = Buffer.from("%PDF-", "ascii");

/** Names that make a PDF run something or carry other files: refused (decision 0109). */
const ACTIVE_NAMES = new Set([
  "/JavaScript",
  "/JS",
  "/Launch",
  "/EmbeddedFiles",
  "/EmbeddedFile",
  "/RichMedia",
  "/SubmitForm",
  "/ImportData",
]);

/** Raw tokens looked for in the bytes too (cheap, and catches what the parser skips, e.g. unreferenced objects). */
const ACTIVE_TOKENS = [...ACTIVE_NAMES].map((name) => Buffer.from(`${name}`, "latin1"));

function hasActiveToken(bytes: Buffer): boolean {
  for (const token of ACTIVE_TOKENS) {
    let at = bytes.indexOf(token);
    while (at !== -1) {
      // A whole name: the next byte ends it (a delimiter or white space), so /JSON or /JavaScriptX do not count.
      const next = bytes[at + token.length];
      if (next === undefined || !/[A-Za-z0-9#_.-]/.test(String.fromCharCode(next))) return true;
      at = bytes.indexOf(token, at + 1);
    }
  }
  return false;
}

function mentionsActive(object: PDFObject, depth = 0): boolean {
  if (depth > 8) return false;
  if (object instanceof PDFName) return ACTIVE_NAMES.has(object.asString());
  const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
  if (dict) {
    for (const [key, value] of dict.entries()) {
      if (ACTIVE_NAMES.has(key.asString())) return true;
      if (mentionsActive(value, depth + 1)) return true;
    }
    return false;
  }
  if (object instanceof PDFArray) return object.asArray().some((item) => mentionsActive(item, depth + 1));
  return false;
}

/**
 * Checks an uploaded document by its content alone (never its name or declared type): `%PDF-` at byte 0 (a JPEG, PNG,
 * GIF or HTML file with a PDF inside or appended is refused), parsed by pdf-lib with at least one page, not encrypted,
 * and without JavaScript, launch actions or embedded files (looked for in the raw bytes and in every parsed object,
 * which covers compressed object streams). Returns the page count.
 */
export async function checkPdf(bytes: Buffer): Promise<{ pages: number }> {
  if (bytes.length < PDF_MAGIC.length || !bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    throw new HttpError(415, { code: "document.not_a_pdf" });
  let document: PDFDocument;
  try {
    // Loaded even when encrypted, then refused by `isEncrypted`: pdf-lib's error classes are compiled to ES5, where
    // `instanceof` of an Error subclass does not hold.
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    throw new HttpError(422, { code: "document.unreadable_pdf" });
  }
  if (document.isEncrypted) throw new HttpError(422, { code: "document.encrypted" });
  let pages = 0;
  try {
    pages = document.getPageCount();
  } catch {
    // No catalogue or page tree: pdf-lib is lenient on load and fails here.
  }
  if (pages < 1) throw new HttpError(422, { code: "document.unreadable_pdf" });
  if (hasActiveToken(bytes)) throw new HttpError(422, { code: "document.active_content" });
  for (const [, object] of document.context.enumerateIndirectObjects())
    if (mentionsActive(object)) throw new HttpError(422, { code: "document.active_content" });
  return { pages };
}
