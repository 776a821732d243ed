import type { Lang } from "@shared/company";
import { letterhead, productBody, runningHead, setDocumentInfo } from "./layout";
import type { CompanyModel, SheetModel } from "./model";
import { SPEC_SHEET_TEXTS } from "./texts";
import { COLORS, CONTENT_WIDTH, drawFooters, LINE, newDocument, PAGE, textWidth, Writer, wrap } from "./writer";

type Entry = { text: string; page: number; level: 0 | 1 };

const CONTENTS_SIZE = 9;
const CONTENTS_LINE = CONTENTS_SIZE * LINE + 2;

export type CatalogueInput = {
  lang: Lang;
  company: CompanyModel;
  /** "Édité le 28 novembre 2026". */
  dateLine: string;
  url: string;
  productCount: number;
  date: Date;
  /** The products in the catalogue order, a batch at a time: only one batch's data is held at once. */
  batches: AsyncIterable<SheetModel[]>;
};

/**
 * Every public product, grouped by category (each starting a page), after a cover and a contents page listing the
 * categories and products with their page numbers. The products are read a batch at a time; the document itself is
 * held by pdf-lib until saved (measured: 1,500 products, 709 pages, 1.6 MB, about 160 MB at the peak; decision 0126).
 */
export async function renderCatalogue(input: CatalogueInput): Promise<Uint8Array> {
  const t = SPEC_SHEET_TEXTS[input.lang];
  const { doc, fonts, logo } = await newDocument();
  let cover = true;
  const writer = new Writer(doc, fonts, (w) => {
    if (cover) letterhead(w, logo, input.company);
    else runningHead(w, `${input.company.name} — ${t.catalogueTitle}`);
    cover = false;
  });
  writer.newPage();
  writer.y -= 160;
  writer.paragraph(t.catalogueTitle, { size: 30, bold: true, color: COLORS.navy }, { after: 10 });
  writer.paragraph(input.dateLine, { size: 12, color: COLORS.muted }, { after: 4 });
  writer.paragraph(t.productCount(input.productCount), { size: 12, color: COLORS.muted }, { after: 4 });
  writer.paragraph(input.url, { size: 10, color: COLORS.teal });

  const entries: Entry[] = [];
  let category: string | null = null;
  for await (const batch of input.batches) {
    for (const sheet of batch) {
      if (sheet.categorySlug !== category) {
        category = sheet.categorySlug;
        writer.newPage();
        writer.paragraph(sheet.category, { size: 22, bold: true, color: COLORS.teal }, { after: 10 });
        entries.push({ text: sheet.category, page: writer.pages.length - 1, level: 0 });
      } else {
        writer.ensure(160);
        writer.y -= 10;
        writer.page.drawRectangle({ x: PAGE.margin, y: writer.y, width: CONTENT_WIDTH, height: 1.5, color: COLORS.navy });
        writer.y -= 16;
      }
      writer.ensure(120);
      entries.push({ text: sheet.name, page: writer.pages.length - 1, level: 1 });
      productBody(writer, { ...sheet, category: "" }, { nameSize: 16 });
      // pdf-lib draws synchronously: let other requests through between products.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  // The contents come after the cover; their length is known from the entries, so page numbers are final.
  const perPage = Math.floor((PAGE.height - 2 * PAGE.margin - PAGE.footer - 60) / CONTENTS_LINE);
  const contentsPages = Math.max(1, Math.ceil(entries.length / perPage));
  for (let i = 0; i < contentsPages; i++) {
    const page = doc.insertPage(1 + i, [PAGE.width, PAGE.height]);
    let y = PAGE.height - PAGE.margin;
    if (i === 0) {
      page.drawText(t.contents, { x: PAGE.margin, y: y - 18, size: 20, font: fonts.bold, color: COLORS.navy });
      y -= 50;
    } else y -= 20;
    for (const entry of entries.slice(i * perPage, (i + 1) * perPage)) {
      const font = entry.level === 0 ? fonts.bold : fonts.regular;
      const x = PAGE.margin + (entry.level === 0 ? 0 : 14);
      const number = String(entry.page + contentsPages + 1);
      const numberWidth = textWidth(fonts.regular, number, CONTENTS_SIZE);
      const text = wrap(entry.text, font, CONTENTS_SIZE, CONTENT_WIDTH - 60)[0] ?? "";
      if (entry.level === 0) y -= 4;
      page.drawText(text, { x, y: y - CONTENTS_SIZE, size: CONTENTS_SIZE, font, color: entry.level === 0 ? COLORS.teal : COLORS.text });
      page.drawText(number, {
        x: PAGE.width - PAGE.margin - numberWidth,
        y: y - CONTENTS_SIZE,
        size: CONTENTS_SIZE,
        font: fonts.regular,
        color: COLORS.muted,
      });
      y -= CONTENTS_LINE;
    }
  }
  drawFooters(writer, [input.dateLine, input.url], t.page);
  setDocumentInfo(doc, {
    title: `${t.catalogueTitle} — ${input.company.name}`,
    lang: input.lang,
    company: input.company.name,
    date: input.date,
  });
  return doc.save();
}
