import { categoryColor } from "@shared/colors";

/** AA for small text is 4.5:1; a little margin keeps rounding and anti-aliasing on the safe side. */
const WHITE_TEXT_MIN_CONTRAST = 4.6;

function channels(hex: string): [number, number, number] {
  const value = hex.replace("#", "").slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/**
 * The colour itself when white text on it (or it as text on white) reaches WCAG AA for small text, otherwise the
 * nearest darker shade that does: the actives orange #CE5619 only reaches 4.2:1 against white.
 */
export function textSafeShade(hex: string): string {
  let rgb = channels(hex);
  for (let step = 0; step < 20; step++) {
    if (1.05 / (luminance(rgb) + 0.05) >= WHITE_TEXT_MIN_CONTRAST) return toHex(rgb);
    rgb = rgb.map((c) => c * 0.95) as [number, number, number];
  }
  return toHex(rgb);
}

/** Colours of a category: `color` for fills without text, `ink` for text or text-bearing fills. */
export function categoryAccent(slug: string | null | undefined): { color: string; ink: string } {
  const color = categoryColor(slug);
  return { color, ink: textSafeShade(color) };
}
