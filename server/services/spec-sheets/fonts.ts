import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";

/**
 * The sheets' typeface: DejaVu Sans, embedded as a subset (only the glyphs used). The standard PDF fonts only know
 * WinAnsi, which has no U+202F (the narrow space French numbers use), ≤, ≥ or Greek letters; the site's Inter is shipped
 * as woff2 subsets, and pdf-lib 1.17's subsetting loses glyphs of Inter's TrueType files (decision 0126). DejaVu Sans
 * covers Latin, Greek, Cyrillic and the usual symbols. Read once per process from the package, which stays in
 * node_modules in production (the server build keeps packages external).
 */
const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

export type FontFiles = { regular: Uint8Array; bold: Uint8Array };

let files: FontFiles | null = null;
let hasGlyph: ((codePoint: number) => boolean) | null = null;

export function fontFiles(): FontFiles {
  if (!files) {
    files = {
      regular: readFileSync(fontPath("DejaVuSans.ttf")),
      bold: readFileSync(fontPath("DejaVuSans-Bold.ttf")),
    };
  }
  return files;
}

export { fontkit };

/**
 * Text as the font can draw it: NFC, control characters and line breaks as spaces, any character the font lacks
 * (an emoji, a script Inter does not cover) as "?", so a sheet never shows an empty box or fails to draw.
 */
export function drawable(text: string): string {
  if (!hasGlyph) {
    const font = fontkit.create(Buffer.from(fontFiles().regular));
    hasGlyph = (codePoint) => font.hasGlyphForCodePoint(codePoint);
  }
  const check = hasGlyph;
  let out = "";
  for (const char of text.normalize("NFC")) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0) || codePoint === 0x2028 || codePoint === 0x2029) out += " ";
    else out += check(codePoint) ? char : "?";
  }
  return out;
}
