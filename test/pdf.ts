/** Small PDFs for tests, made with pdf-lib or by hand: valid ones, and the hostile shapes the document upload must refuse. */
import { deflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";

export async function makePdf(text = "Fiche technique", options: { javascript?: boolean } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 20, y: 150, size: 14, font });
  if (options.javascript)
    document.catalog.set(PDFName.of("OpenAction"), document.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** A PDF whose trailer names an /Encrypt dictionary, as a password-protected file has. */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const text = (await makePdf("secret")).toString("latin1");
  return Buffer.from(text.replace(/trailer\n<<\n/, "trailer\n<<\n/Encrypt 1 0 R\n"), "latin1");
}

/** A multipart/form-data body with text fields and one file, as a browser's form sends it. */
export function documentMultipart(
  file: { data: Buffer; filename: string; contentType: string; field?: string } | null,
  fields: Record<string, string>,
) {
  const boundary = "----vitest-boundary-doc-51c2";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A one-page PDF written byte for byte, with a correct cross-reference table (pdf-lib re-spells every name it saves,
 * so it cannot write the escapes the PDF checks must see through): `catalog` and `page` are added inside those
 * dictionaries, and `objects` (each the text between `N 0 obj` and `endobj`) become objects 4, 5, … in order. Objects
 * inside an `objectStream` are not in the table (it would take a cross-reference stream); the checks never read it.
 */
export function handWrittenPdf(parts: { catalog?: string; page?: string; objects?: (string | Buffer)[] } = {}): Buffer {
  const bodies: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${parts.catalog ?? ""} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] ${parts.page ?? ""} >>`,
    ...(parts.objects ?? []),
  ];
  const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  for (const [index, body] of bodies.entries()) {
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.from(body), Buffer.from("\nendobj\n")]);
    offsets.push(length);
    chunks.push(chunk);
    length += chunk.length;
  }
  const entries = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  const xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${entries}`;
  const trailer = `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...chunks, Buffer.from(xref + trailer, "latin1")]);
}

/** A stream object's text: `dict` entries, then `/Length` and the bytes. */
export function streamObject(dict: string, bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, "latin1"), bytes, Buffer.from("\nendstream")]);
}

/**
 * An object stream holding `objects` (numbered from `firstNumber`), deflated; `type` is how its /Type is spelled, or
 * null for none (a reader finds an object stream through the cross-reference stream, whatever its /Type says).
 */
export function objectStream(objects: string[], firstNumber: number, type: string | null = "/ObjStm"): Buffer {
  let offset = 0;
  const header: string[] = [];
  for (const [index, object] of objects.entries()) {
    header.push(`${firstNumber + index} ${offset}`);
    offset += Buffer.byteLength(object) + 1;
  }
  const head = `${header.join(" ")}\n`;
  const body = Buffer.from(head + objects.map((object) => `${object}\n`).join(""), "latin1");
  const typed = type === null ? "" : `/Type ${type} `;
  return streamObject(`${typed}/N ${objects.length} /First ${head.length} /Filter /FlateDecode`, deflateSync(body));
}

/** What `handWrittenPdf` takes. */
export type PdfParts = Parameters<typeof handWrittenPdf>[0];

/** The four PDFs of issue 28's finding, each with active content behind an escape or an overlooked name. */
export const ESCAPED_ACTIVE_PDFS: [string, PdfParts][] = [
  ["/S /#4aavaScript", { catalog: "/OpenAction << /S /#4aavaScript /#4aS (app.alert\\(1\\)) >>" }],
  ["/S /#4caunch", { catalog: "/OpenAction << /S /#4caunch /F (calc.exe) >>" }],
  [
    "a FileAttachment annotation with an /EF stream and no /Type",
    {
      page: "/Annots [<< /Subtype /FileAttachment /Rect [0 0 10 10] /FS << /F (a.txt) /EF << /F 4 0 R >> >> >>]",
      objects: [streamObject("", Buffer.from("hello"))],
    },
  ],
  [
    "an /EmbeddedFi#6ces name tree",
    { catalog: "/Names << /EmbeddedFi#6ces << /Names [(a.txt) 4 0 R] >> >>", objects: ["<< /F (a.txt) >>"] },
  ],
];
