/** Small PDFs for tests, made with pdf-lib: a valid one, and the hostile shapes the document upload must refuse. */
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
