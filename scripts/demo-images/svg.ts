import { CATEGORY_COLORS } from "@shared/colors";

/** Brand palette (DESIGN.md) plus the tints the illustrations need. */
export const PALETTE = {
  algae: CATEGORY_COLORS.algae,
  plants: CATEGORY_COLORS.plants,
  actives: CATEGORY_COLORS.actives,
  teal: CATEGORY_COLORS.default,
  navy: "#0B1F33",
  sand: "#F7F3EC",
  foam: "#E4F0F4",
  lagoon: "#7FB8C9",
  kelp: "#5C6B2E",
  olive: "#7A8B3A",
  leaf: "#3F8A4F",
  mint: "#A9D3B0",
  coral: "#B8473A",
  ochre: "#D9A441",
  wine: "#7E2A45",
  berry: "#9E2B3A",
  umbel: "#C9C86A",
  white: "#FFFFFF",
} as const;

export const SANS = "Inter, 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
export const SERIF = "Fraunces, 'DejaVu Serif', 'Liberation Serif', Georgia, serif";

export type Rng = () => number;

/** Deterministic pseudo-random numbers (mulberry32), so the demo images are the same on every start. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rng: Rng, min: number, max: number) => min + (max - min) * rng();

const r1 = (n: number) => Math.round(n * 10) / 10;

export type Point = [number, number];

export function polygon(points: Point[]): string {
  return `${points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${r1(x)} ${r1(y)}`).join(" ")} Z`;
}

export function polyline(points: Point[]): string {
  return points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${r1(x)} ${r1(y)}`).join(" ");
}

/** A closed shape whose top edge is a sum of two sines, filled down to `bottom`. */
export function wavePath(width: number, baseY: number, amplitude: number, wavelength: number, phase: number, bottom: number): string {
  const points: Point[] = [[0, bottom]];
  const step = Math.max(8, wavelength / 16);
  for (let x = 0; x <= width + step; x += step) {
    const y =
      baseY +
      amplitude * Math.sin((x / wavelength) * Math.PI * 2 + phase) +
      amplitude * 0.35 * Math.sin((x / wavelength) * Math.PI * 5.3 + phase * 1.7);
    points.push([x, y]);
  }
  points.push([width + step, bottom]);
  return polygon(points);
}

/** A smooth ridge line (hills, dunes) built from control heights across the width. */
export function ridgePath(width: number, heights: number[], bottom: number): string {
  const n = heights.length - 1;
  let d = `M0 ${bottom} L0 ${r1(heights[0] ?? bottom)}`;
  for (let i = 1; i <= n; i++) {
    const x0 = ((i - 1) / n) * width;
    const x1 = (i / n) * width;
    const y0 = heights[i - 1] ?? bottom;
    const y1 = heights[i] ?? bottom;
    const mid = (x0 + x1) / 2;
    d += ` C${r1(mid)} ${r1(y0)} ${r1(mid)} ${r1(y1)} ${r1(x1)} ${r1(y1)}`;
  }
  return `${d} L${width} ${bottom} Z`;
}

/** Points of a quadratic Bézier from a to b bending through control c. */
export function curvePoints(a: Point, c: Point, b: Point, count: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const u = 1 - t;
    points.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return points;
}

/**
 * A blade or leaf around a curved midrib: its half-width follows `profile(t)`
 * (t from base to tip) and `ruffle` adds the wavy margin of sea lettuce.
 */
export function bladePath(
  a: Point,
  c: Point,
  b: Point,
  maxWidth: number,
  ruffle = 0,
  profile = (t: number) => Math.sin(Math.PI * t) ** 0.8,
): string {
  const spine = curvePoints(a, c, b, 36);
  const left: Point[] = [];
  const right: Point[] = [];
  spine.forEach((p, i) => {
    const t = i / (spine.length - 1);
    const next = spine[Math.min(i + 1, spine.length - 1)] ?? p;
    const prev = spine[Math.max(i - 1, 0)] ?? p;
    const dx = next[0] - prev[0];
    const dy = next[1] - prev[1];
    const len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    const w = maxWidth * profile(t) * (1 + ruffle * Math.sin(t * 31));
    const w2 = maxWidth * profile(t) * (1 + ruffle * Math.sin(t * 27 + 1.3));
    left.push([p[0] + nx * w, p[1] + ny * w]);
    right.push([p[0] - nx * w2, p[1] - ny * w2]);
  });
  return polygon([...left, ...right.reverse()]);
}

export type Stop = [offset: number, color: string, opacity?: number];

export function linearGradient(id: string, stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsSvg(stops)}</linearGradient>`;
}

export function radialGradient(id: string, stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsSvg(stops)}</radialGradient>`;
}

function stopsSvg(stops: Stop[]): string {
  return stops.map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join("");
}

export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
