import type { Lang } from "@shared/company";
import type { PDFDocument, PDFImage } from "pdf-lib";
import type { CompanyModel, SheetModel } from "./model";
import { SPEC_SHEET_TEXTS } from "./texts";
import { COLORS, CONTENT_WIDTH, drawFooters, LINE, newDocument, PAGE, textWidth, Writer, wrap } from "./writer";

const LOGO_SIZE = 40;

/** The first page's letterhead: logo, company name, address and contacts at the right, a navy rule under it. */
export function letterhead(writer: Writer, logo: PDFImage, company: CompanyModel): void {
  const top = writer.y;
  writer.page.drawImage(logo, { x: PAGE.margin, y: top - LOGO_SIZE, width: LOGO_SIZE, height: LOGO_SIZE });
  writer.line(company.name, PAGE.margin + LOGO_SIZE + 10, top - 13, { size: 14, bold: true, color: COLORS.navy });
  const size = 8;
  const rightWidth = CONTENT_WIDTH * 0.45;
  const rightX = PAGE.margin + CONTENT_WIDTH - rightWidth;
  let y = top;
  for (const text of [company.address, ...company.contacts]) {
    for (const line of wrap(text, writer.fonts.regular, size, rightWidth)) {
      const width = textWidth(writer.fonts.regular, line, size);
      writer.line(line, rightX + rightWidth - width, y, { size, color: COLORS.muted });
      y -= size * LINE;
    }
  }
  writer.y = Math.min(top - LOGO_SIZE, y) - 10;
  writer.page.drawRectangle({ x: PAGE.margin, y: writer.y - 2, width: CONTENT_WIDTH, height: 2, color: COLORS.navy });
  writer.y -= 18;
}

/** A continuation page's running head: the company and what the document is about, small and grey. */
export function runningHead(writer: Writer, text: string): void {
  writer.line(text, PAGE.margin, writer.y, { size: 8, color: COLORS.muted });
  writer.y -= 8 * LINE + 4;
  writer.page.drawLine({
    start: { x: PAGE.margin, y: writer.y },
    end: { x: PAGE.margin + CONTENT_WIDTH, y: writer.y },
    thickness: 0.5,
    color: COLORS.rule,
  });
  writer.y -= 12;
}

/** A product's part of a sheet or of the catalogue: name, description, key facts, regulatory rows, tables, certifications. */
export function productBody(writer: Writer, sheet: SheetModel, { nameSize = 20 } = {}): void {
  const t = SPEC_SHEET_TEXTS[sheet.lang];
  if (sheet.category) writer.paragraph(sheet.category.toUpperCase(), { size: 8.5, bold: true, color: COLORS.teal }, { after: 2 });
  writer.paragraph(sheet.name, { size: nameSize, bold: true, color: COLORS.navy }, { after: 4 });
  writer.paragraph(sheet.shortDescription, { size: 10.5, color: COLORS.text }, { after: 4 });
  writer.paragraph(sheet.versionLine, { size: 8.5, color: COLORS.muted }, { after: 2 });
  writer.paragraph(sheet.url, { size: 8.5, color: COLORS.teal }, { after: 6 });
  if (sheet.facts.length > 0) {
    writer.heading(t.keyFacts);
    writer.rows(sheet.facts);
  }
  if (sheet.regulatory.length > 0) {
    writer.heading(t.regulatory);
    writer.rows(sheet.regulatory);
  }
  if (sheet.tables.length > 0) {
    writer.heading(t.specifications, 80);
    for (const table of sheet.tables) writer.table(table);
  }
  if (sheet.certifications.length > 0) {
    writer.heading(t.certifications);
    for (const certification of sheet.certifications) {
      writer.ensure(40);
      writer.paragraph(certification.name, { size: 10, bold: true, color: COLORS.navy }, { after: 1 });
      const details = [
        certification.body && `${t.certifyingBody} ${certification.body}`,
        certification.validUntil && `${t.validUntil} ${certification.validUntil}`,
      ]
        .filter(Boolean)
        .join(" · ");
      if (details) writer.paragraph(details, { size: 9, color: COLORS.muted }, { after: 6 });
    }
  }
}

/** Title, language and dates of the file (fixed by the content, so the same content gives the same bytes). */
export function setDocumentInfo(
  doc: PDFDocument,
  { title, lang, company, date }: { title: string; lang: Lang; company: string; date: Date },
): void {
  doc.setTitle(title);
  doc.setLanguage(lang === "fr" ? "fr-FR" : "en-GB");
  doc.setAuthor(company);
  doc.setCreator(company);
  doc.setProducer(company);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
}

/** A product's spec sheet, one or more A4 pages. */
export async function renderSheet(sheet: SheetModel, company: CompanyModel, updatedAt: string): Promise<Uint8Array> {
  const t = SPEC_SHEET_TEXTS[sheet.lang];
  const { doc, fonts, logo } = await newDocument();
  let first = true;
  const writer = new Writer(doc, fonts, (w) => {
    if (first) letterhead(w, logo, company);
    else runningHead(w, `${company.name} — ${sheet.name} — ${t.documentTitle}`);
    first = false;
  });
  writer.newPage();
  productBody(writer, sheet);
  drawFooters(writer, [sheet.versionLine, sheet.url], t.page);
  setDocumentInfo(doc, { title: `${sheet.name} — ${t.documentTitle}`, lang: sheet.lang, company: company.name, date: new Date(updatedAt) });
  return doc.save();
}
