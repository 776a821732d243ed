import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { PROJECT_ROOT } from "../../paths";
import { drawable, fontFiles, fontkit } from "./fonts";
import type { Row, SheetTable } from "./model";

/** A4 in points, and the page's frame. */
export const PAGE = { width: 595.28, height: 841.89, margin: 48, footer: 40 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** The site's palette (app/app.css): navy ink, teal accents, slate greys. */
export const COLORS = {
  navy: rgb(0x0b / 255, 0x1f / 255, 0x33 / 255),
  teal: rgb(0x2b / 255, 0x7a / 255, 0x9b / 255),
  text: rgb(0x1e / 255, 0x29 / 255, 0x3b / 255),
  muted: rgb(0x47 / 255, 0x55 / 255, 0x69 / 255),
  rule: rgb(0xcb / 255, 0xd5 / 255, 0xe1 / 255),
  band: rgb(0xf1 / 255, 0xf5 / 255, 0xf9 / 255),
} as const;

const LINE = 1.35;
const CELL_PAD = 4;
const TABLE_SIZE = 8.5;

/** The logo of the e-mails (a PNG: pdf-lib embeds PNG and JPEG, not SVG), read once from the site's public folder. */
let logoBytes: Buffer | null = null;
function logoFile(): Buffer {
  logoBytes ??= readFileSync(path.join(PROJECT_ROOT, "public", "mail-logo.png"));
  return logoBytes;
}

const NO_FEATURES = Object.fromEntries(
  ["ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "liga", "rclt", "kern", "curs", "dlig", "hlig"].map((tag) => [tag, false]),
);

export type Fonts = { regular: PDFFont; bold: PDFFont };
type TextStyle = { size: number; bold?: boolean; color?: ReturnType<typeof rgb> };

/** A new document with the sheets' fonts (subsets: only the glyphs used are embedded) and the logo. */
export async function newDocument(): Promise<{ doc: PDFDocument; fonts: Fonts; logo: PDFImage }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const files = fontFiles();
  // No OpenType features: text is drawn glyph by glyph (as pdf-lib draws anyway, without positioning), and fontkit's
  // shaping of every line was most of a catalogue's time.
  const options = { subset: true, features: NO_FEATURES };
  const [regular, bold, logo] = await Promise.all([
    doc.embedFont(files.regular, options),
    doc.embedFont(files.bold, options),
    doc.embedPng(logoFile()),
  ]);
  return { doc, fonts: { regular, bold }, logo };
}

/**
 * pdf-lib measures a text by laying it out with fontkit each time, which dominated the catalogue's time: words are
 * measured once per font (at size 1) and a line is its words plus its spaces (no kerning across a space).
 */
const wordWidths = new Map<string, Map<string, number>>();
export function textWidth(font: PDFFont, text: string, size: number): number {
  let cache = wordWidths.get(font.name);
  if (!cache) {
    cache = new Map();
    wordWidths.set(font.name, cache);
  }
  let width = 0;
  const words = text.split(" ");
  for (const word of words) {
    let w = cache.get(word);
    if (w === undefined) {
      w = word ? font.widthOfTextAtSize(word, 1) : 0;
      if (cache.size < 50_000) cache.set(word, w);
    }
    width += w;
  }
  return (width + (words.length - 1) * (cache.get(" ") ?? setSpace(font, cache))) * size;
}
function setSpace(font: PDFFont, cache: Map<string, number>): number {
  const space = font.widthOfTextAtSize(" ", 1);
  cache.set(" ", space);
  return space;
}

/** Lines of `text` no wider than `width`: broken at spaces, a word longer than a line broken where it must. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = textWidth(font, " ", size);
  for (const paragraph of text.split(/\n/)) {
    const words = drawable(paragraph).split(/ +/).filter(Boolean);
    let line = "";
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = textWidth(font, word, size);
      const candidateWidth = line ? lineWidth + space + wordWidth : wordWidth;
      if (candidateWidth <= width) {
        line = line ? `${line} ${word}` : word;
        lineWidth = candidateWidth;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (textWidth(font, rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(font, rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
      lineWidth = textWidth(font, rest, size);
    }
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * Draws flowing content top to bottom, starting a page when the next piece does not fit; `onNewPage` draws a page's
 * running head. Page numbers and the footer are drawn once every page exists (`drawFooters`).
 */
export class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly onNewPage: (writer: Writer) => void = () => {},
  ) {}

  get bottom(): number {
    return PAGE.margin + PAGE.footer;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
    this.onNewPage(this);
  }

  /** Starts a page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  /** One line at (x, top), already fitting. */
  line(text: string, x: number, top: number, style: TextStyle): void {
    if (!text) return;
    this.page.drawText(drawable(text), {
      x,
      y: top - style.size * 0.93,
      size: style.size,
      font: this.font(style),
      color: style.color ?? COLORS.text,
    });
  }

  /** A wrapped paragraph across the content width (or `width` from `x`), breaking pages between lines. */
  paragraph(text: string, style: TextStyle, { x = PAGE.margin, width = CONTENT_WIDTH, after = 6 } = {}): void {
    const lineHeight = style.size * LINE;
    for (const line of wrap(text, this.font(style), style.size, width)) {
      this.ensure(lineHeight);
      this.line(line, x, this.y, style);
      this.y -= lineHeight;
    }
    this.y -= after;
  }

  /** A section title with a rule under it, kept with at least `keep` points of what follows. */
  heading(text: string, keep = 60): void {
    this.ensure(30 + keep);
    this.y -= 8;
    this.line(text, PAGE.margin, this.y, { size: 13, bold: true, color: COLORS.navy });
    this.y -= 13 * LINE + 2;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.margin + CONTENT_WIDTH, y: this.y },
      thickness: 1,
      color: COLORS.teal,
    });
    this.y -= 8;
  }

  /** Label and value rows (key facts, regulatory information): the label in a third of the width, bold. */
  rows(rows: readonly Row[]): void {
    const labelWidth = CONTENT_WIDTH * 0.34;
    const valueX = PAGE.margin + labelWidth + 8;
    const valueWidth = CONTENT_WIDTH - labelWidth - 8;
    const size = 9.5;
    const lineHeight = size * LINE;
    for (const row of rows) {
      const label = wrap(row.label, this.fonts.bold, size, labelWidth);
      const value = wrap(row.value, this.fonts.regular, size, valueWidth);
      const total = Math.max(label.length, value.length);
      // Kept whole when a page can hold it; each column's lines drawn together, so a reader extracts them in order.
      let from = 0;
      while (from < total) {
        let fits = Math.floor((this.y - this.bottom - 4) / lineHeight);
        if (fits < total - from && (total - from) * lineHeight < PAGE.height / 2) {
          this.newPage();
          fits = Math.floor((this.y - this.bottom - 4) / lineHeight);
        }
        const count = Math.max(1, Math.min(fits, total - from));
        for (let i = 0; i < count; i++)
          this.line(label[from + i] ?? "", PAGE.margin, this.y - i * lineHeight, { size, bold: true, color: COLORS.navy });
        for (let i = 0; i < count; i++) this.line(value[from + i] ?? "", valueX, this.y - i * lineHeight, { size });
        this.y -= count * lineHeight;
        from += count;
      }
      this.y -= 3;
      this.page.drawLine({
        start: { x: PAGE.margin, y: this.y },
        end: { x: PAGE.margin + CONTENT_WIDTH, y: this.y },
        thickness: 0.5,
        color: COLORS.rule,
      });
      this.y -= 4;
    }
  }

  /**
   * A specification table: column widths after their content, cells wrapped, the header row repeated on each page
   * the table continues on; a row taller than a page is split between pages line by line.
   */
  table(table: SheetTable): void {
    const columns = table.headers.length;
    const widths = columnWidths(table, this.fonts, columns);
    const lineHeight = TABLE_SIZE * LINE;
    const cellLines = (cells: readonly string[], bold: boolean) =>
      widths.map((width, i) => wrap(cells[i] ?? "", bold ? this.fonts.bold : this.fonts.regular, TABLE_SIZE, width - 2 * CELL_PAD));
    const header = cellLines(table.headers, true);
    const headerHeight = Math.max(1, ...header.map((c) => c.length)) * lineHeight + 2 * CELL_PAD;
    const hasHeader = table.headers.some((h) => h.trim());

    const drawRow = (cells: string[][], from: number, count: number, bold: boolean, shaded: boolean) => {
      const height = count * lineHeight + 2 * CELL_PAD;
      let x = PAGE.margin;
      if (shaded) this.page.drawRectangle({ x, y: this.y - height, width: CONTENT_WIDTH, height, color: COLORS.band });
      for (const [i, width] of widths.entries()) {
        const lines = cells[i] ?? [];
        for (let l = 0; l < count; l++) {
          const text = lines[from + l];
          if (text)
            this.line(text, x + CELL_PAD, this.y - CELL_PAD - l * lineHeight, {
              size: TABLE_SIZE,
              bold,
              color: bold ? COLORS.navy : COLORS.text,
            });
        }
        x += width;
      }
      this.y -= height;
      this.page.drawLine({
        start: { x: PAGE.margin, y: this.y },
        end: { x: PAGE.margin + CONTENT_WIDTH, y: this.y },
        thickness: 0.5,
        color: COLORS.rule,
      });
    };
    const drawHeader = () => {
      if (hasHeader) drawRow(header, 0, Math.max(1, ...header.map((c) => c.length)), true, true);
    };
    const headerSpace = hasHeader ? headerHeight : 0;

    if (table.title) {
      this.ensure(11 * LINE + headerSpace + lineHeight + 2 * CELL_PAD + 6);
      this.paragraph(table.title, { size: 11, bold: true, color: COLORS.navy }, { after: 4 });
    }
    this.ensure(headerSpace + lineHeight + 2 * CELL_PAD);
    drawHeader();
    for (const row of table.rows) {
      const cells = cellLines(row, false);
      const total = Math.max(1, ...cells.map((c) => c.length));
      let from = 0;
      while (from < total) {
        let fits = Math.floor((this.y - this.bottom - 2 * CELL_PAD) / lineHeight);
        const fullPage = Math.floor((PAGE.height - PAGE.margin - 40 - this.bottom - headerSpace - 2 * CELL_PAD) / lineHeight);
        // Keep a row whole when a fresh page can hold it; split it only when no page can.
        if (fits < total - from && (from > 0 || total <= fullPage || fits < 1)) {
          this.newPage();
          drawHeader();
          fits = Math.floor((this.y - this.bottom - 2 * CELL_PAD) / lineHeight);
        }
        const count = Math.max(1, Math.min(fits, total - from));
        drawRow(cells, from, count, false, false);
        from += count;
      }
    }
    this.y -= 10;
  }
}

/** Columns share the width after their longest word and their text, none narrower than its longest word allows. */
function columnWidths(table: SheetTable, fonts: Fonts, columns: number): number[] {
  const cells = [table.headers, ...table.rows];
  const measure = (text: string, bold: boolean) => textWidth(bold ? fonts.bold : fonts.regular, drawable(text), TABLE_SIZE);
  const natural: number[] = [];
  const longestWord: number[] = [];
  for (let c = 0; c < columns; c++) {
    let text = 0;
    let word = 0;
    for (const [r, row] of cells.entries()) {
      const cell = row[c] ?? "";
      text = Math.max(text, measure(cell, r === 0));
      for (const w of cell.split(/\s+/)) word = Math.max(word, measure(w, r === 0));
    }
    natural.push(Math.min(text, 260) + 2 * CELL_PAD);
    longestWord.push(Math.min(word, 120) + 2 * CELL_PAD);
  }
  const sum = natural.reduce((a, b) => a + b, 0);
  if (sum <= CONTENT_WIDTH) {
    const extra = (CONTENT_WIDTH - sum) / columns;
    return natural.map((w) => w + extra);
  }
  // Too wide: each column gets its longest word (when they all fit) and a share of the rest after its text.
  const floor = longestWord.reduce((a, b) => a + b, 0) <= CONTENT_WIDTH ? longestWord : natural.map(() => CONTENT_WIDTH / columns);
  const floorSum = floor.reduce((a, b) => a + b, 0);
  const rest = CONTENT_WIDTH - floorSum;
  const wanted = natural.map((w, i) => Math.max(0, w - (floor[i] ?? 0)));
  const wantedSum = wanted.reduce((a, b) => a + b, 0) || 1;
  return floor.map((w, i) => w + (rest * (wanted[i] ?? 0)) / wantedSum);
}

/** Every page's footer: `left` lines at the left, "Page n / N" at the right, over a thin rule. */
export function drawFooters(writer: Writer, left: readonly string[], pageLabel: (n: number, total: number) => string): void {
  const pages = writer.doc.getPages();
  const size = 7.5;
  for (const [index, page] of pages.entries()) {
    const top = PAGE.margin + PAGE.footer - 14;
    page.drawLine({
      start: { x: PAGE.margin, y: top + 4 },
      end: { x: PAGE.width - PAGE.margin, y: top + 4 },
      thickness: 0.5,
      color: COLORS.rule,
    });
    const label = pageLabel(index + 1, pages.length);
    const labelWidth = textWidth(writer.fonts.regular, label, size);
    for (const [i, text] of left.entries()) {
      const fitted = wrap(text, writer.fonts.regular, size, CONTENT_WIDTH - labelWidth - 16)[0] ?? "";
      page.drawText(fitted, { x: PAGE.margin, y: top - 8 - i * size * LINE, size, font: writer.fonts.regular, color: COLORS.muted });
    }
    page.drawText(label, { x: PAGE.width - PAGE.margin - labelWidth, y: top - 8, size, font: writer.fonts.regular, color: COLORS.muted });
  }
}

export { CONTENT_WIDTH, LINE };
