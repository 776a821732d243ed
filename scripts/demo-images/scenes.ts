import { branchingAlga, cell, glasswort, masticTwig, polysaccharideChain, seaFennel, seaLettuce } from "./illustrations";
import {
  between,
  createRng,
  escapeXml,
  linearGradient,
  PALETTE,
  type Point,
  polygon,
  type Rng,
  radialGradient,
  ridgePath,
  SANS,
  SERIF,
  svgDocument,
  wavePath,
} from "./svg";

/** Whole compositions: each returns a complete SVG document. */

export type Subject = (rng: Rng, center: Point, size: number) => string;

const f = (n: number) => n.toFixed(1);

function bubbles(rng: Rng, width: number, height: number, count: number, color = PALETTE.white): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const r = between(rng, 2, 9);
    out += `<circle cx="${f(between(rng, 0, width))}" cy="${f(between(rng, 0, height))}" r="${f(r)}" fill="none" stroke="${color}" stroke-opacity="${f(between(rng, 0.25, 0.55))}" stroke-width="1.5"/>`;
  }
  return out;
}

function lightRays(rng: Rng, width: number, height: number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = between(rng, -0.1, 1) * width;
    const spread = between(rng, 40, 140);
    const drift = between(rng, 80, 260);
    out += `<path d="${polygon([
      [x, 0],
      [x + spread, 0],
      [x + spread + drift + spread, height],
      [x + drift, height],
    ])}" fill="url(#ray)"/>`;
  }
  return out;
}

function caustics(rng: Rng, width: number, height: number, lines: number): string {
  let out = "";
  for (let i = 0; i < lines; i++) {
    const y = between(rng, 0.05, 0.95) * height;
    out += `<path d="${wavePath(width, y, between(rng, 4, 10), between(rng, 120, 260), between(rng, 0, 6), y + 2).replace(/ L[\d.]+ [\d.]+ Z$/, "")}" fill="none" stroke="#FFFFFF" stroke-opacity="0.12" stroke-width="2"/>`;
  }
  return out;
}

const vignette = `<rect width="100%" height="100%" fill="url(#vignette)"/>`;
const vignetteDef = (color: string) =>
  radialGradient(
    "vignette",
    [
      [0.55, color, 0],
      [1, color, 0.35],
    ],
    0.5,
    0.5,
    0.75,
  );
const rayDef = linearGradient("ray", [
  [0, PALETTE.white, 0.22],
  [1, PALETTE.white, 0],
]);

export type PlateOptions = {
  width: number;
  height: number;
  seed: number;
  background: [string, string];
  glow: string;
  accent: string;
  water: boolean;
  subject: Subject;
  ground?: string;
};

/** A product "specimen plate": soft background, halo and rings behind one subject, a ground line at the bottom. */
export function specimenPlate(o: PlateOptions): string {
  const rng = createRng(o.seed);
  const { width: w, height: h } = o;
  const cx = w * between(rng, 0.46, 0.56);
  const cy = h * 0.5;
  const size = Math.min(w, h) * 0.62;
  const defs = [
    linearGradient(
      "bg",
      [
        [0, o.background[0]],
        [1, o.background[1]],
      ],
      0,
      0,
      0.3,
      1,
    ),
    radialGradient("halo", [
      [0, o.glow, 0.75],
      [0.6, o.glow, 0.25],
      [1, o.glow, 0],
    ]),
    vignetteDef(PALETTE.navy),
    rayDef,
  ].join("");
  let rings = "";
  for (let i = 1; i <= 4; i++) {
    rings += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size * (0.42 + i * 0.12))}" fill="none" stroke="${o.accent}" stroke-opacity="${f(0.2 - i * 0.035)}" stroke-width="${i === 1 ? 3 : 1.5}" ${i % 2 === 0 ? 'stroke-dasharray="4 10"' : ""}/>`;
  }
  let dots = "";
  for (let x = 40; x < w; x += 48) {
    for (let y = 40; y < h * 0.3; y += 48) {
      if (rng() < 0.55) dots += `<circle cx="${x}" cy="${y}" r="1.6" fill="${o.accent}" fill-opacity="0.18"/>`;
    }
  }
  const ground = o.ground
    ? `<path d="${wavePath(w, h * 0.86, 10, w * 0.7, between(rng, 0, 6), h)}" fill="${o.ground}" fill-opacity="0.9"/>`
    : "";
  const water = o.water ? `${lightRays(rng, w, h, 4)}${caustics(rng, w, h, 5)}` : "";
  const body = [
    `<rect width="100%" height="100%" fill="url(#bg)"/>`,
    dots,
    water,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size * 0.62)}" fill="url(#halo)"/>`,
    rings,
    ground,
    o.subject(rng, [cx, cy], size),
    o.water ? bubbles(rng, w, h, 14) : "",
    vignette,
  ].join("");
  return svgDocument(w, h, defs, body);
}

/** The sea floor along the Bizerte coast: light rays, sand ridge and mixed stands of algae. */
export function underwater(width: number, height: number, seed: number): string {
  const rng = createRng(seed);
  const defs = [
    linearGradient("bg", [
      [0, "#8FC7D6"],
      [0.45, PALETTE.teal],
      [1, PALETTE.algae],
    ]),
    vignetteDef(PALETTE.navy),
    rayDef,
  ].join("");
  const floor = height * 0.84;
  const stands: string[] = [];
  const columns = 6;
  for (let i = 0; i < columns; i++) {
    const x = (width * (i + 0.5)) / columns + between(rng, -40, 40);
    const base: Point = [x, floor + between(rng, -10, 20)];
    const size = height * between(rng, 0.55, 0.8);
    if (i % 3 === 0) stands.push(seaLettuce(rng, base, size * 0.8));
    else if (i % 3 === 1)
      stands.push(
        branchingAlga(rng, base, size * 0.85, {
          color: PALETTE.wine,
          shade: "#4A1428",
          highlight: "#D98A9E",
          spread: 0.55,
          depth: 5,
          monopodial: true,
          stems: 4,
        }),
      );
    else
      stands.push(
        branchingAlga(rng, base, size, {
          color: PALETTE.kelp,
          shade: "#2E3814",
          highlight: "#C5CF8A",
          vesicles: "#9AA54E",
          blades: PALETTE.olive,
          spread: 0.5,
          depth: 3,
        }),
      );
  }
  const body = [
    `<rect width="100%" height="100%" fill="url(#bg)"/>`,
    lightRays(rng, width, height, 6),
    caustics(rng, width, height * 0.5, 6),
    `<path d="${ridgePath(width, [floor - 30, floor + 10, floor - 20, floor + 25, floor - 5], height)}" fill="#C9B58E" fill-opacity="0.55"/>`,
    stands.join(""),
    `<path d="${ridgePath(width, [floor + 40, floor + 15, floor + 45, floor + 20], height)}" fill="#D8C7A0"/>`,
    bubbles(rng, width, height * 0.8, 26),
    vignette,
  ].join("");
  return svgDocument(width, height, defs, body);
}

export type CoastOptions = {
  width: number;
  height: number;
  seed: number;
  /** Small caption drawn in a corner band, e.g. the place name in the page language. */
  caption?: string;
  /** Darkens the side where the site lays the hero text. */
  shade: "left" | "bottom" | "none";
};

/** The Bizerte coast at golden hour: headland with its lighthouse, layered swell, seaweed in the shallows. */
export function coast(o: CoastOptions): string {
  const rng = createRng(o.seed);
  const { width: w, height: h } = o;
  const tall = h > w;
  const horizon = h * (tall ? 0.42 : 0.5);
  const defs = [
    linearGradient("sky", [
      [0, "#F2D9B8"],
      [0.55, PALETTE.sand],
      [1, "#CFE6EC"],
    ]),
    linearGradient("sea", [
      [0, PALETTE.lagoon],
      [0.35, PALETTE.teal],
      [1, PALETTE.algae],
    ]),
    radialGradient("sun", [
      [0, "#FFF4DC", 1],
      [0.35, "#F6C98A", 0.8],
      [1, "#F6C98A", 0],
    ]),
    linearGradient(
      "shadeLeft",
      [
        [0, PALETTE.navy, 0.62],
        [0.55, PALETTE.navy, 0.12],
        [1, PALETTE.navy, 0],
      ],
      0,
      0,
      1,
      0,
    ),
    linearGradient("shadeBottom", [
      [0.35, PALETTE.navy, 0],
      [1, PALETTE.navy, 0.7],
    ]),
    vignetteDef(PALETTE.navy),
  ].join("");
  const sunX = w * (tall ? 0.62 : 0.7);
  const sunY = horizon * 0.55;
  const farHills = ridgePath(
    w,
    [horizon - h * 0.05, horizon - h * 0.11, horizon - h * 0.07, horizon - h * 0.13, horizon - h * 0.04, horizon - h * 0.02],
    horizon + 4,
  );
  const headlandX = w * (tall ? 0.55 : 0.66);
  const cliff = polygon([
    [headlandX - w * 0.05, horizon + 6],
    [headlandX + w * 0.02, horizon - h * 0.12],
    [headlandX + w * 0.12, horizon - h * 0.17],
    [headlandX + w * 0.22, horizon - h * 0.15],
    [w + 10, horizon - h * 0.2],
    [w + 10, horizon + h * 0.06],
    [headlandX + w * 0.12, horizon + h * 0.03],
  ]);
  const lhX = headlandX + w * 0.12;
  const lhTop = horizon - h * 0.17;
  const lhH = h * 0.09;
  const lhW = Math.max(10, w * 0.012);
  const lighthouse = [
    `<path d="${polygon([
      [lhX - lhW, lhTop],
      [lhX + lhW, lhTop],
      [lhX + lhW * 0.7, lhTop - lhH],
      [lhX - lhW * 0.7, lhTop - lhH],
    ])}" fill="${PALETTE.sand}"/>`,
    `<rect x="${f(lhX - lhW * 0.85)}" y="${f(lhTop - lhH * 0.55)}" width="${f(lhW * 1.7)}" height="${f(lhH * 0.14)}" fill="${PALETTE.coral}"/>`,
    `<rect x="${f(lhX - lhW * 0.9)}" y="${f(lhTop - lhH - lhW * 1.1)}" width="${f(lhW * 1.8)}" height="${f(lhW * 1.1)}" fill="${PALETTE.navy}"/>`,
    `<circle cx="${f(lhX)}" cy="${f(lhTop - lhH - lhW * 0.55)}" r="${f(lhW * 0.45)}" fill="#FFE3A3"/>`,
  ].join("");
  const waves: string[] = [];
  const layers = 6;
  for (let i = 0; i < layers; i++) {
    const y = horizon + ((h - horizon) * (i + 0.4)) / layers;
    const color = [PALETTE.lagoon, "#5FA0B8", PALETTE.teal, "#2566A8", PALETTE.algae, "#123E86"][i] ?? PALETTE.algae;
    waves.push(
      `<path d="${wavePath(w, y, 4 + i * 3, w * between(rng, 0.25, 0.45), between(rng, 0, 6), h)}" fill="${color}" fill-opacity="0.92"/>`,
    );
    waves.push(
      `<path d="${wavePath(w, y - 2, 4 + i * 3, w * between(rng, 0.25, 0.45), between(rng, 0, 6), y + 1).replace(/ L[\d.]+ [\d.]+ Z$/, "")}" fill="none" stroke="${PALETTE.foam}" stroke-opacity="${f(0.25 + i * 0.05)}" stroke-width="2"/>`,
    );
  }
  const shallows: string[] = [];
  const weedCount = tall ? 3 : 4;
  for (let i = 0; i < weedCount; i++) {
    const x = w * (tall ? 0.2 + i * 0.3 : 0.08 + i * 0.11) + between(rng, -20, 20);
    const base: Point = [x, h + 10];
    const size = h * between(rng, 0.24, 0.34);
    shallows.push(
      i % 2 === 0
        ? seaLettuce(rng, base, size, ["#2F7A55", "#3E8D5A", "#5FA35A"])
        : branchingAlga(rng, base, size * 1.1, {
            color: PALETTE.wine,
            shade: "#3D1022",
            highlight: "#D98A9E",
            spread: 0.55,
            depth: 5,
            monopodial: true,
            stems: 4,
          }),
    );
  }
  const gulls = [0, 1, 2]
    .map((i) => {
      const gx = w * (0.4 + i * 0.07) + between(rng, -20, 20);
      const gy = horizon * (0.3 + i * 0.08);
      const s = 10 + i * 3;
      return `<path d="M${f(gx - s)} ${f(gy)} Q${f(gx - s / 2)} ${f(gy - s * 0.6)} ${f(gx)} ${f(gy)} Q${f(gx + s / 2)} ${f(gy - s * 0.6)} ${f(gx + s)} ${f(gy)}" fill="none" stroke="${PALETTE.navy}" stroke-opacity="0.55" stroke-width="2.2"/>`;
    })
    .join("");
  const shade =
    o.shade === "left"
      ? `<rect width="100%" height="100%" fill="url(#shadeLeft)"/>`
      : o.shade === "bottom"
        ? `<rect width="100%" height="100%" fill="url(#shadeBottom)"/>`
        : "";
  let caption = "";
  if (o.caption) {
    const size = Math.round(Math.min(w, h) * 0.028);
    const padX = size * 1.1;
    const boxW = o.caption.length * size * 0.62 + padX * 2;
    const boxH = size * 2.2;
    const x = w - boxW - size * 1.5;
    const y = tall ? size * 1.5 : h - boxH - size * 1.5;
    caption = `<g><rect x="${f(x)}" y="${f(y)}" width="${f(boxW)}" height="${f(boxH)}" rx="${f(boxH / 2)}" fill="${PALETTE.navy}" fill-opacity="0.55"/><circle cx="${f(x + padX * 0.8)}" cy="${f(y + boxH / 2)}" r="${f(size * 0.28)}" fill="${PALETTE.actives}"/><text x="${f(x + padX * 1.35)}" y="${f(y + boxH / 2 + size * 0.36)}" font-family="${SANS}" font-size="${size}" fill="${PALETTE.sand}" letter-spacing="0.5">${escapeXml(o.caption)}</text></g>`;
  }
  const body = [
    `<rect width="100%" height="100%" fill="url(#sky)"/>`,
    `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(Math.min(w, h) * 0.32)}" fill="url(#sun)"/>`,
    `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(Math.min(w, h) * 0.06)}" fill="#FFF1D6"/>`,
    gulls,
    `<path d="${farHills}" fill="${PALETTE.teal}" fill-opacity="0.35"/>`,
    `<path d="${cliff}" fill="#8C7A5E"/>`,
    `<path d="${polygon([
      [headlandX + w * 0.02, horizon - h * 0.12],
      [headlandX + w * 0.12, horizon - h * 0.17],
      [headlandX + w * 0.22, horizon - h * 0.15],
      [w + 10, horizon - h * 0.2],
      [w + 10, horizon - h * 0.16],
      [headlandX + w * 0.12, horizon - h * 0.13],
    ])}" fill="${PALETTE.plants}" fill-opacity="0.75"/>`,
    lighthouse,
    `<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#sea)"/>`,
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="${f(sunX - w * (0.06 - i * 0.012))}" y="${f(horizon + 6 + i * h * 0.018)}" width="${f(w * (0.12 - i * 0.024))}" height="3" rx="1.5" fill="#FFF1D6" fill-opacity="${f(0.55 - i * 0.1)}"/>`,
      )
      .join(""),
    waves.join(""),
    shallows.join(""),
    `<g transform="translate(0 ${f(horizon)})">${bubbles(rng, w, h - horizon, 10)}</g>`,
    shade,
    vignette,
    caption,
  ].join("");
  return svgDocument(w, h, defs, body);
}

/** Dune behind the beach: glasswort, sea fennel and mastic shrubs in the foreground, a strip of sea behind. */
export function coastalPlants(width: number, height: number, seed: number, evening = false): string {
  const rng = createRng(seed);
  const w = width;
  const h = height;
  const defs = [
    linearGradient(
      "sky",
      evening
        ? [
            [0, "#E9B98E"],
            [1, PALETTE.sand],
          ]
        : [
            [0, "#CFE6EC"],
            [1, PALETTE.sand],
          ],
    ),
    linearGradient("dune", [
      [0, "#E7D6B4"],
      [1, "#C9AF82"],
    ]),
    vignetteDef(PALETTE.navy),
  ].join("");
  const seaY = h * 0.36;
  const plants: string[] = [];
  const slots = 5;
  for (let i = 0; i < slots; i++) {
    const x = (w * (i + 0.5)) / slots + between(rng, -30, 30);
    const y = h * between(rng, 0.86, 0.96);
    const size = h * between(rng, 0.42, 0.6);
    const kind = i % 3;
    if (kind === 0) {
      plants.push(glasswort(rng, [x - size * 0.12, y], size * 0.9), glasswort(rng, [x + size * 0.1, y + 8], size * 0.75, PALETTE.leaf));
    } else if (kind === 1) plants.push(seaFennel(rng, [x, y], size));
    else plants.push(masticTwig(rng, [x - size * 0.25, y], [x + size * 0.3, y - size * 0.75], size));
  }
  const body = [
    `<rect width="100%" height="100%" fill="url(#sky)"/>`,
    `<circle cx="${f(w * 0.8)}" cy="${f(h * 0.16)}" r="${f(h * 0.07)}" fill="#FFF1D6" fill-opacity="0.9"/>`,
    `<rect x="0" y="${f(seaY)}" width="${w}" height="${f(h * 0.2)}" fill="${PALETTE.teal}"/>`,
    `<path d="${wavePath(w, seaY + h * 0.04, 3, w * 0.2, 1, seaY + h * 0.12)}" fill="${PALETTE.algae}" fill-opacity="0.6"/>`,
    `<path d="${ridgePath(w, [h * 0.5, h * 0.44, h * 0.52, h * 0.46, h * 0.5], h)}" fill="url(#dune)"/>`,
    `<path d="${ridgePath(w, [h * 0.7, h * 0.64, h * 0.72, h * 0.66], h)}" fill="#D9C39A"/>`,
    plants.join(""),
    `<path d="${ridgePath(w, [h * 0.95, h * 0.9, h * 0.96, h * 0.92], h)}" fill="#CDB184"/>`,
    vignette,
  ].join("");
  return svgDocument(w, h, defs, body);
}

/** Lab view for the actives: cells and polysaccharide chains on a deep navy field lit in the category orange. */
export function molecules(width: number, height: number, seed: number, glow: string = PALETTE.actives): string {
  const rng = createRng(seed);
  const w = width;
  const h = height;
  const defs = [
    linearGradient(
      "bg",
      [
        [0, PALETTE.navy],
        [1, "#14365A"],
      ],
      0,
      0,
      1,
      1,
    ),
    radialGradient("glow", [
      [0, glow, 0.55],
      [1, glow, 0],
    ]),
    vignetteDef("#000000"),
  ].join("");
  const cells: string[] = [];
  for (let i = 0; i < 7; i++) {
    const r = Math.min(w, h) * between(rng, 0.08, 0.16);
    cells.push(cell(rng, [between(rng, 0, w), between(rng, 0, h)], r, PALETTE.teal, "#9FD0DE", "#5FA35A"));
  }
  let network = "";
  const nodes: Point[] = Array.from({ length: 18 }, () => [between(rng, 0, w), between(rng, 0, h)]);
  nodes.forEach((a, i) => {
    const b = nodes[(i * 7 + 3) % nodes.length] ?? a;
    network += `<path d="M${f(a[0])} ${f(a[1])} L${f(b[0])} ${f(b[1])}" stroke="#9FD0DE" stroke-opacity="0.12" stroke-width="1.2"/><circle cx="${f(a[0])}" cy="${f(a[1])}" r="3" fill="#9FD0DE" fill-opacity="0.4"/>`;
  });
  const chainColors = { bond: PALETTE.sand, atom: PALETTE.actives, group: PALETTE.ochre };
  const body = [
    `<rect width="100%" height="100%" fill="url(#bg)"/>`,
    `<circle cx="${f(w * 0.68)}" cy="${f(h * 0.42)}" r="${f(Math.max(w, h) * 0.45)}" fill="url(#glow)"/>`,
    network,
    `<g opacity="0.55">${cells.join("")}</g>`,
    polysaccharideChain(rng, [w * 0.08, h * 0.34], 6, Math.min(w, h) * 0.07, chainColors),
    `<g opacity="0.6">${polysaccharideChain(rng, [w * 0.3, h * 0.74], 5, Math.min(w, h) * 0.045, chainColors)}</g>`,
    vignette,
  ].join("");
  return svgDocument(w, h, defs, body);
}

/** A glass dish of extract powder, its source organism faint behind and a molecule above. */
export function extractDish(o: {
  width: number;
  height: number;
  seed: number;
  powder: [string, string];
  source: Subject;
  glow: string;
}): string {
  const rng = createRng(o.seed);
  const { width: w, height: h } = o;
  const defs = [
    linearGradient(
      "bg",
      [
        [0, PALETTE.navy],
        [1, "#1B3D5E"],
      ],
      0,
      0,
      0.4,
      1,
    ),
    radialGradient("halo", [
      [0, o.glow, 0.6],
      [1, o.glow, 0],
    ]),
    radialGradient(
      "powder",
      [
        [0, o.powder[0]],
        [1, o.powder[1]],
      ],
      0.45,
      0.3,
      0.7,
    ),
    linearGradient("glass", [
      [0, PALETTE.white, 0.35],
      [1, PALETTE.white, 0.08],
    ]),
    vignetteDef("#000000"),
  ].join("");
  const cx = w * 0.5;
  const cy = h * 0.68;
  const rx = w * 0.3;
  const ry = h * 0.09;
  const mound = `M${f(cx - rx * 0.84)} ${f(cy)} C${f(cx - rx * 0.55)} ${f(cy - ry * 2.4)} ${f(cx + rx * 0.4)} ${f(cy - ry * 2.7)} ${f(cx + rx * 0.84)} ${f(cy)} A${f(rx * 0.84)} ${f(ry * 0.84)} 0 0 1 ${f(cx - rx * 0.84)} ${f(cy)} Z`;
  let grains = "";
  for (let i = 0; i < 90; i++) {
    const gx = cx + between(rng, -0.75, 0.75) * rx;
    const gy = cy - between(rng, 0, 1.6) * ry;
    grains += `<circle cx="${f(gx)}" cy="${f(gy)}" r="${f(between(rng, 0.8, 2.2))}" fill="${rng() < 0.5 ? o.powder[0] : o.powder[1]}" fill-opacity="0.8"/>`;
  }
  const chainColors = { bond: PALETTE.sand, atom: PALETTE.actives, group: PALETTE.ochre };
  const body = [
    `<rect width="100%" height="100%" fill="url(#bg)"/>`,
    `<circle cx="${f(w * 0.5)}" cy="${f(h * 0.45)}" r="${f(Math.max(w, h) * 0.42)}" fill="url(#halo)"/>`,
    `<g opacity="0.22">${o.source(rng, [w * 0.5, h * 0.4], Math.min(w, h) * 0.8)}</g>`,
    polysaccharideChain(rng, [w * 0.2, h * 0.2], 5, Math.min(w, h) * 0.05, chainColors),
    `<ellipse cx="${f(cx)}" cy="${f(cy + ry * 0.9)}" rx="${f(rx * 1.08)}" ry="${f(ry * 1.1)}" fill="#000000" fill-opacity="0.3"/>`,
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#glass)" stroke="${PALETTE.white}" stroke-opacity="0.6" stroke-width="3"/>`,
    `<path d="${mound}" fill="url(#powder)"/>`,
    grains,
    `<path d="M${f(cx - rx)} ${f(cy)} A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(cy)}" fill="none" stroke="${PALETTE.white}" stroke-opacity="0.75" stroke-width="4"/>`,
    `<path d="M${f(cx - rx * 0.7)} ${f(cy + ry * 0.55)} A${f(rx)} ${f(ry)} 0 0 0 ${f(cx - rx * 0.2)} ${f(cy + ry * 0.95)}" fill="none" stroke="${PALETTE.white}" stroke-opacity="0.9" stroke-width="3"/>`,
    vignette,
  ].join("");
  return svgDocument(w, h, defs, body);
}

/** Stylised map of the harvest zones: Bizerte lagoon, the channel, the coast east to Cap Zebib. */
export function harvestMap(width: number, height: number, seed: number): string {
  const rng = createRng(seed);
  const w = width;
  const h = height;
  const defs = [
    linearGradient("sea", [
      [0, "#BFDCE6"],
      [1, "#9CC7D6"],
    ]),
    linearGradient("land", [
      [0, "#F1E7D4"],
      [1, "#E4D3B0"],
    ]),
  ].join("");
  let contours = "";
  for (let i = 0; i < 7; i++) {
    const y = h * (0.05 + i * 0.045);
    contours += `<path d="${wavePath(w, y, 6, w * 0.6, i * 0.7, y + 1).replace(/ L[\d.]+ [\d.]+ Z$/, "")}" fill="none" stroke="${PALETTE.algae}" stroke-opacity="${f(0.1 + i * 0.02)}" stroke-width="1.5"/>`;
  }
  const coastline: Point[] = [
    [-10, h * 0.42],
    [w * 0.1, h * 0.4],
    [w * 0.2, h * 0.43],
    [w * 0.3, h * 0.38],
    [w * 0.33, h * 0.4],
    [w * 0.36, h * 0.39],
    [w * 0.45, h * 0.42],
    [w * 0.58, h * 0.4],
    [w * 0.7, h * 0.36],
    [w * 0.78, h * 0.33],
    [w * 0.82, h * 0.35],
    [w * 0.8, h * 0.45],
    [w * 0.84, h * 0.6],
    [w * 0.8, h * 0.78],
    [w * 0.86, h + 10],
    [-10, h + 10],
  ];
  const lagoon: Point[] = [];
  for (let k = 0; k < 40; k++) {
    const a = (Math.PI * 2 * k) / 40;
    lagoon.push([
      w * 0.36 + Math.cos(a) * w * 0.13 * (1 + 0.08 * Math.sin(a * 3)),
      h * 0.64 + Math.sin(a) * h * 0.14 * (1 + 0.06 * Math.cos(a * 4)),
    ]);
  }
  const ichkeul: Point[] = [];
  for (let k = 0; k < 30; k++) {
    const a = (Math.PI * 2 * k) / 30;
    ichkeul.push([w * 0.12 + Math.cos(a) * w * 0.07, h * 0.76 + Math.sin(a) * h * 0.07 * (1 + 0.1 * Math.sin(a * 2))]);
  }
  const marker = (x: number, y: number, color: string) =>
    `<circle cx="${f(x)}" cy="${f(y)}" r="22" fill="${color}" fill-opacity="0.18"/><circle cx="${f(x)}" cy="${f(y)}" r="9" fill="${color}" stroke="${PALETTE.white}" stroke-width="3"/>`;
  const label = (x: number, y: number, text: string, size = 22, weight = 600) =>
    `<text x="${f(x)}" y="${f(y)}" font-family="${SANS}" font-size="${size}" font-weight="${weight}" fill="${PALETTE.navy}">${escapeXml(text)}</text>`;
  let hatch = "";
  for (let i = 0; i < 10; i++) {
    const x = w * 0.05 + i * w * 0.075;
    hatch += `<path d="M${f(x)} ${f(h * 0.95)} l${f(between(rng, 10, 30))} -${f(between(rng, 6, 16))}" stroke="#C9AF82" stroke-width="2"/>`;
  }
  const body = [
    `<rect width="100%" height="100%" fill="url(#sea)"/>`,
    contours,
    `<path d="${polygon(coastline)}" fill="url(#land)" stroke="#B99D6B" stroke-width="2"/>`,
    `<path d="M${f(w * 0.33)} ${f(h * 0.4)} C${f(w * 0.335)} ${f(h * 0.45)} ${f(w * 0.345)} ${f(h * 0.47)} ${f(w * 0.35)} ${f(h * 0.52)}" stroke="#A9D0DC" stroke-width="${f(w * 0.014)}" fill="none"/>`,
    `<path d="${polygon(lagoon)}" fill="#A9D0DC" stroke="${PALETTE.teal}" stroke-opacity="0.5" stroke-width="2"/>`,
    `<path d="${polygon(ichkeul)}" fill="#B9DBD0" stroke="${PALETTE.teal}" stroke-opacity="0.4" stroke-width="2"/>`,
    hatch,
    `<path d="M${f(w * 0.36)} ${f(h * 0.4)} L${f(w * 0.45)} ${f(h * 0.42)} L${f(w * 0.58)} ${f(h * 0.4)} L${f(w * 0.7)} ${f(h * 0.36)} L${f(w * 0.78)} ${f(h * 0.33)}" fill="none" stroke="${PALETTE.actives}" stroke-width="6" stroke-dasharray="2 12" stroke-linecap="round"/>`,
    marker(w * 0.4, h * 0.66, PALETTE.algae),
    marker(w * 0.31, h * 0.6, PALETTE.plants),
    marker(w * 0.78, h * 0.33, PALETTE.actives),
    marker(w * 0.62, h * 0.395, PALETTE.algae),
    `<rect x="${f(w * 0.3)}" y="${f(h * 0.425)}" width="14" height="14" fill="${PALETTE.navy}"/>`,
    label(w * 0.22, h * 0.33, "Bizerte", 26, 700),
    label(w * 0.66, h * 0.27, "Cap Zebib", 24, 700),
    label(w * 0.3, h * 0.72, "Lac de Bizerte", 18, 500),
    label(w * 0.05, h * 0.88, "Ichkeul", 18, 500),
    `<text x="${f(w * 0.05)}" y="${f(h * 0.14)}" font-family="${SERIF}" font-size="28" font-style="italic" fill="${PALETTE.algae}" fill-opacity="0.7">Mer Méditerranée · Mediterranean Sea</text>`,
    `<g transform="translate(${f(w * 0.9)} ${f(h * 0.12)})"><circle r="34" fill="${PALETTE.white}" fill-opacity="0.7" stroke="${PALETTE.navy}" stroke-width="2"/><path d="M0 -26 L8 0 L0 26 L-8 0 Z" fill="${PALETTE.navy}"/><path d="M0 -26 L8 0 L-8 0 Z" fill="${PALETTE.actives}"/><text y="-40" text-anchor="middle" font-family="${SANS}" font-size="18" font-weight="700" fill="${PALETTE.navy}">N</text></g>`,
    `<g transform="translate(${f(w * 0.88)} ${f(h * 0.93)})"><rect x="-100" y="-8" width="100" height="8" fill="${PALETTE.navy}"/><rect x="-50" y="-8" width="50" height="8" fill="${PALETTE.white}" stroke="${PALETTE.navy}" stroke-width="2"/><text x="-50" y="-16" text-anchor="middle" font-family="${SANS}" font-size="16" fill="${PALETTE.navy}">10 km</text></g>`,
  ].join("");
  return svgDocument(w, h, defs, body);
}

export type LogoMark = "wave" | "leaf" | "drop" | "hexagon" | "sun";

/** A partner logo: a geometric mark and the name set in type, on a white card. */
export function partnerLogo(name: string, mark: LogoMark, color: string, secondary: string, tagline: string): string {
  const w = 400;
  const h = 200;
  const cx = 82;
  const cy = 100;
  const marks: Record<LogoMark, string> = {
    wave: `<circle cx="${cx}" cy="${cy}" r="44" fill="${color}"/><path d="M${cx - 40} ${cy + 6} q20 -18 40 0 t40 0" stroke="${PALETTE.white}" stroke-width="7" fill="none" stroke-linecap="round"/><path d="M${cx - 34} ${cy + 22} q17 -14 34 0 t34 0" stroke="${secondary}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    leaf: `<path d="M${cx - 38} ${cy + 38} C${cx - 46} ${cy - 22} ${cx - 4} ${cy - 48} ${cx + 42} ${cy - 42} C${cx + 46} ${cy + 6} ${cx + 14} ${cy + 46} ${cx - 38} ${cy + 38} Z" fill="${color}"/><path d="M${cx - 38} ${cy + 38} L${cx + 24} ${cy - 24}" stroke="${secondary}" stroke-width="5" stroke-linecap="round"/>`,
    drop: `<path d="M${cx} ${cy - 50} C${cx + 22} ${cy - 18} ${cx + 38} ${cy + 2} ${cx + 38} ${cy + 16} A38 38 0 0 1 ${cx - 38} ${cy + 16} C${cx - 38} ${cy + 2} ${cx - 22} ${cy - 18} ${cx} ${cy - 50} Z" fill="${color}"/><circle cx="${cx - 12}" cy="${cy + 14}" r="9" fill="${secondary}"/>`,
    hexagon: `<path d="${polygon(Array.from({ length: 6 }, (_, k): Point => [cx + Math.cos((Math.PI / 3) * k) * 46, cy + Math.sin((Math.PI / 3) * k) * 46]))}" fill="none" stroke="${color}" stroke-width="9" stroke-linejoin="round"/><circle cx="${cx}" cy="${cy}" r="15" fill="${secondary}"/><circle cx="${cx + 46}" cy="${cy}" r="8" fill="${color}"/>`,
    sun: `<circle cx="${cx}" cy="${cy - 6}" r="24" fill="${secondary}"/>${Array.from({ length: 10 }, (_, k) => {
      const a = (Math.PI * 2 * k) / 10;
      return `<path d="M${f(cx + Math.cos(a) * 32)} ${f(cy - 6 + Math.sin(a) * 32)} L${f(cx + Math.cos(a) * 44)} ${f(cy - 6 + Math.sin(a) * 44)}" stroke="${color}" stroke-width="5" stroke-linecap="round"/>`;
    }).join(
      "",
    )}<path d="M${cx - 46} ${cy + 34} q23 -12 46 0 t46 0" stroke="${color}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  };
  const fontSize = name.length > 12 ? 30 : 36;
  const body = [
    `<rect width="${w}" height="${h}" fill="${PALETTE.white}"/>`,
    marks[mark],
    `<text x="146" y="100" font-family="${SERIF}" font-size="${fontSize}" font-weight="600" fill="${PALETTE.navy}">${escapeXml(name)}</text>`,
    `<text x="148" y="132" font-family="${SANS}" font-size="15" letter-spacing="3" fill="${color}">${escapeXml(tagline.toUpperCase())}</text>`,
  ].join("");
  return svgDocument(w, h, "", body);
}
