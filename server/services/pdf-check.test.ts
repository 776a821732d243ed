import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { ESCAPED_ACTIVE_PDFS, handWrittenPdf, makePdf, objectStream, type PdfParts, streamObject } from "../../test/pdf";
import { HttpError } from "../lib/http-error";
import { ACTIVE_NAMES, checkPdf, DECODED_STREAMS_LIMIT, decodeName } from "./pdf-check";

/** The code a check refuses `bytes` with, or "accepted". */
async function verdict(bytes: Buffer): Promise<string> {
  try {
    await checkPdf(bytes);
    return "accepted";
  } catch (error) {
    if (error instanceof HttpError) return `${error.statusCode} ${error.coded.code}`;
    throw error;
  }
}

const REFUSED_ACTIVE = "422 document.active_content";
const UNREADABLE = "422 document.unreadable_pdf";

type Spelling = "plain" | "upper" | "lower";

/** `name` with each character written as itself or `#` and its hex code in upper or lower case. */
function spell(name: string, spellings: Spelling[]): string {
  return [...name]
    .map((char, index) => {
      const hex = char.charCodeAt(0).toString(16).padStart(2, "0");
      const spelling = spellings[index] ?? "plain";
      return spelling === "plain" ? char : `#${spelling === "upper" ? hex.toUpperCase() : hex.toLowerCase()}`;
    })
    .join("");
}

/** A name and a random spelling of each of its characters. */
const spelledName = (names: fc.Arbitrary<string>) =>
  names.chain((name) =>
    fc
      .array(fc.constantFrom<Spelling>("plain", "upper", "lower"), { minLength: name.length, maxLength: name.length })
      .map((spellings) => spell(name, spellings)),
  );

/** Where a spelled name is put: as a key and as a value, in plain objects and in object streams pdf-lib reads or skips. */
const PLACES: Record<string, (name: string) => Buffer> = {
  "a value in the catalogue": (name) => handWrittenPdf({ catalog: `/Extra /${name}` }),
  "a key in a nested dictionary": (name) => handWrittenPdf({ catalog: `/Extra << /${name} 1 >>` }),
  "an object stream pdf-lib unpacks": (name) =>
    handWrittenPdf({ catalog: "/Extra 5 0 R", objects: [objectStream([`<< /${name} 1 /Next /${name} >>`], 5)] }),
  "an object stream whose /Type is written in lower-case hex": (name) =>
    handWrittenPdf({ catalog: "/Extra 5 0 R", objects: [objectStream([`<< /K /${name} >>`], 5, "/Obj#73tm")] }),
  "an object stream without /Type (readers find it through the cross-reference stream)": (name) =>
    handWrittenPdf({ catalog: "/Extra 5 0 R", objects: [objectStream([`<< /K /${name} >>`], 5, null)] }),
};

describe("PDF names", () => {
  it.each([
    ["JavaScript", "JavaScript"],
    ["#4aavaScript", "JavaScript"],
    ["#4AavaScript", "JavaScript"],
    ["J#61#76#61Script", "JavaScript"],
    ["#4caunch", "Launch"],
    ["EmbeddedFi#6ces", "EmbeddedFiles"],
    ["#23JS", "#JS"],
    ["A#2", "A#2"],
    ["A#zz", "A#zz"],
  ])("reads /%s as /%s (# and two hex digits of either case is that byte)", (raw, name) => {
    expect(decodeName(raw)).toBe(name);
  });
});

describe("checkPdf", () => {
  it("refuses every active name, whichever of its characters are #-escaped in upper or lower hex, wherever it is", async () => {
    await fc.assert(
      fc.asyncProperty(
        spelledName(fc.constantFrom(...ACTIVE_NAMES)),
        fc.constantFrom(...Object.entries(PLACES)),
        async (name, [, build]) => {
          expect(await verdict(build(name))).toBe(REFUSED_ACTIVE);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("accepts any other name, however it is escaped", async () => {
    const ordinary = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,15}$/).filter((name) => !ACTIVE_NAMES.has(name));
    await fc.assert(
      fc.asyncProperty(spelledName(ordinary), fc.constantFrom(...Object.entries(PLACES)), async (name, [, build]) => {
        expect(await verdict(build(name))).toBe("accepted");
      }),
      { numRuns: 200 },
    );
  });

  it.each<[string, PdfParts]>([
    ...ESCAPED_ACTIVE_PDFS.map(([name, parts]): [string, PdfParts] => [`${name} (issue 28)`, parts]),
    [
      "an /EmbeddedFi#6ces name tree holding an escaped /EF (issue 28)",
      {
        catalog: "/Names << /EmbeddedFi#6ces << /Names [(a.txt) << /F (a.txt) /#45F << /F 4 0 R >> >>] >> >>",
        objects: [streamObject("", Buffer.from("hello"))],
      },
    ],
    ["a link to another PDF file (/GoToR)", { catalog: "/OpenAction << /S /GoToR /F (\\\\\\\\host\\\\share\\\\a.pdf) /D [0 /Fit] >>" }],
    ["an XFA form", { catalog: "/AcroForm << /Fields [] /XFA 4 0 R >>", objects: [streamObject("", Buffer.from("<xdp:xdp/>"))] }],
    [
      "an active object in an object stream that a later object of the same number replaces",
      { catalog: "/Extra 5 0 R", objects: [objectStream(["<< /S /JavaScript /JS (x) >>"], 5), "<< /S /GoTo /D [3 0 R /Fit] >>"] },
    ],
    ...[
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "java\\nscript:alert(1)",
      "file:///etc/passwd",
      "\\\\\\\\host\\\\share",
      "calc.exe",
    ].map(
      (target) =>
        [`a link to ${target}`, { page: `/Annots [<< /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (${target}) >> >>]` }] as [
          string,
          PdfParts,
        ],
    ),
  ])("refuses %s with 422 document.active_content", async (_name, parts) => {
    expect(await verdict(handWrittenPdf(parts))).toBe(REFUSED_ACTIVE);
  });

  async function pdfLibWithObjectStreams(): Promise<Buffer> {
    const document = await PDFDocument.load(await makePdf("object streams"));
    return Buffer.from(await document.save({ useObjectStreams: true }));
  }

  async function pdfLibWithLink(): Promise<Buffer> {
    const document = await PDFDocument.load(await makePdf("link"));
    const link = document.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [0, 0, 50, 20],
      A: { S: "URI", URI: PDFString.of("https://example.com/fiche") },
    });
    document.getPage(0).node.set(PDFName.of("Annots"), document.context.obj([link]));
    return Buffer.from(await document.save());
  }

  it.each([
    ["a pdf-lib PDF", () => makePdf()],
    ["a pdf-lib PDF with object streams", pdfLibWithObjectStreams],
    ["a PDF with an https link", pdfLibWithLink],
    [
      "a PDF with a mailto and a tel link",
      async () =>
        handWrittenPdf({
          page: "/Annots [4 0 R 5 0 R]",
          objects: [
            "<< /Subtype /Link /A << /S /URI /URI (mailto:ventes@example.com) >> >>",
            "<< /Subtype /Link /A << /S /URI /URI <74656C3A2B323136> >> >>",
          ],
        }),
    ],
    ["a PDF with names close to active ones", async () => handWrittenPdf({ catalog: "/Extra [/JSON /EFG /Launcher /#23JS /GoTo /URIs]" })],
    [
      "a PDF whose deflated content stream shows the text /JavaScript (drawing instructions run nothing)",
      async () =>
        handWrittenPdf({
          page: "/Contents 4 0 R",
          objects: [streamObject("/Filter /FlateDecode", deflateSync("BT (see /JavaScript) Tj ET"))],
        }),
    ],
  ])("accepts %s", async (_name, build) => {
    expect(await verdict(await build())).toBe("accepted");
  });

  it("refuses an object stream it cannot decode, or decoding past its limit, as unreadable (and quickly)", async () => {
    const encodings = [
      streamObject("/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode", Buffer.from("35203020")),
      streamObject("/N 1 /First 4 /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>", deflateSync("5 0 << >>")),
      streamObject("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", Buffer.from("not deflate at all")),
      streamObject("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", deflateSync(Buffer.alloc(DECODED_STREAMS_LIMIT + 1, 0x20))),
    ];
    const started = performance.now();
    for (const stream of encodings) expect(await verdict(handWrittenPdf({ objects: [stream] }))).toBe(UNREADABLE);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
