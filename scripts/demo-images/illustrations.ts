import { between, bladePath, PALETTE, type Point, polygon, type Rng } from "./svg";

/** Subjects drawn at a base point and a size in pixels; each returns an SVG fragment. */

const fixed = (n: number) => n.toFixed(1);

/** Sea lettuce: ruffled translucent blades fanning out of one holdfast. */
export function seaLettuce(rng: Rng, base: Point, size: number, colors: string[] = [PALETTE.leaf, PALETTE.olive, "#5FA35A"]): string {
  const blades: string[] = [];
  const count = 7;
  for (let i = 0; i < count; i++) {
    const angle = -Math.PI / 2 + (i - (count - 1) / 2) * between(rng, 0.22, 0.3);
    const length = size * between(rng, 0.62, 0.95);
    const tip: Point = [base[0] + Math.cos(angle) * length, base[1] + Math.sin(angle) * length];
    const bend = between(rng, -0.25, 0.25) * length;
    const ctrl: Point = [(base[0] + tip[0]) / 2 + bend, (base[1] + tip[1]) / 2];
    const color = colors[i % colors.length] ?? PALETTE.leaf;
    const width = size * between(rng, 0.12, 0.17);
    blades.push(
      `<path d="${bladePath(base, ctrl, tip, width, 0.16, (t) => Math.sin(Math.PI * t ** 0.75) ** 0.7)}" fill="${color}" fill-opacity="${fixed(between(rng, 0.62, 0.85))}" stroke="#DDEFD0" stroke-opacity="0.35" stroke-width="1.5"/>`,
      `<path d="M${fixed(base[0])} ${fixed(base[1])} Q${fixed(ctrl[0])} ${fixed(ctrl[1])} ${fixed(tip[0])} ${fixed(tip[1])}" fill="none" stroke="#E9F5DF" stroke-opacity="0.28" stroke-width="2"/>`,
    );
  }
  return `<g>${blades.join("")}<ellipse cx="${fixed(base[0])}" cy="${fixed(base[1])}" rx="${fixed(size * 0.05)}" ry="${fixed(size * 0.025)}" fill="${PALETTE.kelp}"/></g>`;
}

type BranchOptions = {
  color: string;
  shade: string;
  highlight: string;
  vesicles?: string;
  blades?: string;
  spread: number;
  depth: number;
  /** One axis keeps growing and throws side branches (Gracilaria) instead of forking evenly. */
  monopodial?: boolean;
  stems?: number;
};

/** Dichotomous branching thallus (Gracilaria, Sargassum): three passes give the branches some volume. */
export function branchingAlga(rng: Rng, base: Point, size: number, options: BranchOptions): string {
  const segments: { d: string; width: number }[] = [];
  const extras: string[] = [];
  const grow = (start: Point, angle: number, length: number, width: number, depth: number) => {
    const end: Point = [start[0] + Math.cos(angle) * length, start[1] + Math.sin(angle) * length];
    const bend = between(rng, -0.18, 0.18) * length;
    const ctrl: Point = [(start[0] + end[0]) / 2 - Math.sin(angle) * bend, (start[1] + end[1]) / 2 + Math.cos(angle) * bend];
    segments.push({
      d: `M${fixed(start[0])} ${fixed(start[1])} Q${fixed(ctrl[0])} ${fixed(ctrl[1])} ${fixed(end[0])} ${fixed(end[1])}`,
      width,
    });
    if (options.blades && depth <= options.depth - 1) {
      for (let k = 0; k < 2; k++) {
        const t = between(rng, 0.3, 0.8);
        const p: Point = [start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t];
        const side = k === 0 ? 1 : -1;
        const a = angle + side * between(rng, 0.6, 1.0);
        const l = length * between(rng, 0.45, 0.6);
        const tip: Point = [p[0] + Math.cos(a) * l, p[1] + Math.sin(a) * l];
        extras.push(
          `<path d="${bladePath(p, [(p[0] + tip[0]) / 2, (p[1] + tip[1]) / 2], tip, l * 0.16)}" fill="${options.blades}" fill-opacity="0.9" stroke="${options.shade}" stroke-opacity="0.35"/>`,
        );
      }
    }
    if (options.vesicles && depth <= 1) {
      for (let k = 0; k < 3; k++) {
        const t = between(rng, 0.2, 0.9);
        const r = Math.max(2.5, width * between(rng, 0.55, 0.85));
        const off = (k % 2 === 0 ? 1 : -1) * width * 1.2;
        const cx = start[0] + (end[0] - start[0]) * t - Math.sin(angle) * off;
        const cy = start[1] + (end[1] - start[1]) * t + Math.cos(angle) * off;
        extras.push(
          `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(r)}" fill="${options.vesicles}" stroke="${options.shade}" stroke-width="1"/>`,
        );
      }
    }
    if (depth <= 0) return;
    if (options.monopodial) {
      const side = rng() < 0.5 ? -1 : 1;
      grow(end, angle + between(rng, -0.12, 0.12), length * between(rng, 0.78, 0.92), Math.max(1.6, width * 0.85), depth - 1);
      grow(
        end,
        angle + side * options.spread * between(rng, 0.8, 1.3),
        length * between(rng, 0.55, 0.75),
        Math.max(1.6, width * 0.7),
        Math.max(0, depth - 2),
      );
      return;
    }
    const children = rng() < 0.35 ? 3 : 2;
    for (let i = 0; i < children; i++) {
      const offset = (i - (children - 1) / 2) * options.spread + between(rng, -0.12, 0.12);
      grow(end, angle + offset, length * between(rng, 0.66, 0.82), Math.max(1.6, width * 0.74), depth - 1);
    }
  };
  const stems = options.stems ?? 3;
  for (let s = 0; s < stems; s++) {
    const fan = (s - (stems - 1) / 2) * (1.26 / stems);
    grow(base, -Math.PI / 2 + fan + between(rng, -0.1, 0.1), size * between(rng, 0.2, 0.27), size * 0.03, options.depth);
  }
  const pass = (color: string, scale: number, dx: number, opacity: number) =>
    `<g fill="none" stroke="${color}" stroke-linecap="round" stroke-opacity="${opacity}" transform="translate(${dx} ${dx})">${segments
      .map((s) => `<path d="${s.d}" stroke-width="${fixed(s.width * scale)}"/>`)
      .join("")}</g>`;
  return `<g>${pass(options.shade, 1.15, 3, 0.55)}${pass(options.color, 1, 0, 1)}${extras.join("")}${pass(options.highlight, 0.35, -1, 0.6)}</g>`;
}

/** Jointed succulent stems of glasswort, with opposite side shoots and reddening tips. */
export function glasswort(rng: Rng, base: Point, height: number, tipColor: string = PALETTE.coral): string {
  const parts: string[] = [];
  const stem = (start: Point, angle: number, segLength: number, width: number, count: number, branching: boolean) => {
    let p = start;
    let a = angle;
    for (let i = 0; i < count; i++) {
      const end: Point = [p[0] + Math.cos(a) * segLength, p[1] + Math.sin(a) * segLength];
      const tip = i >= count - 2;
      const color = tip ? tipColor : i % 2 === 0 ? PALETTE.leaf : "#4C9A58";
      parts.push(
        `<path d="${bladePath(p, [(p[0] + end[0]) / 2, (p[1] + end[1]) / 2], end, width, 0, (t) => 0.72 + 0.28 * Math.sin(Math.PI * t))}" fill="${color}"/>`,
        `<circle cx="${fixed(end[0])}" cy="${fixed(end[1])}" r="${fixed(width * 0.62)}" fill="${PALETTE.plants}" fill-opacity="0.7"/>`,
      );
      if (branching && i >= 1 && i <= count - 3 && i % 2 === 1) {
        for (const side of [-1, 1]) {
          stem(end, a + side * between(rng, 0.55, 0.8), segLength * 0.72, width * 0.72, Math.max(2, count - i - 1), false);
        }
      }
      p = end;
      a += between(rng, -0.08, 0.08);
      segLength *= 0.93;
      width *= 0.95;
    }
  };
  stem(base, -Math.PI / 2 + between(rng, -0.08, 0.08), height / 7.5, height * 0.028, 8, true);
  return `<g>${parts.join("")}</g>`;
}

/** Sea fennel on a cliff ledge: stems with fleshy linear leaflets in threes and compound umbels of small flowers. */
export function seaFennel(rng: Rng, base: Point, size: number): string {
  const rocks: string[] = [];
  for (let i = 0; i < 4; i++) {
    const cx = base[0] + (i - 1.5) * size * 0.26 + between(rng, -20, 20);
    const cy = base[1] + size * between(rng, 0.02, 0.08);
    const rx = size * between(rng, 0.16, 0.24);
    const ry = rx * between(rng, 0.45, 0.6);
    const outline: Point[] = [];
    for (let k = 0; k < 10; k++) {
      const a = Math.PI + (Math.PI * k) / 9;
      outline.push([cx + Math.cos(a) * rx * between(rng, 0.9, 1.05), cy + Math.sin(a) * ry * between(rng, 0.85, 1.05)]);
    }
    outline.push([cx + rx, cy + ry * 0.4], [cx - rx, cy + ry * 0.4]);
    rocks.push(`<path d="${polygon(outline)}" fill="${i % 2 === 0 ? "#9A9080" : "#B4AA98"}"/>`);
  }
  const stems: string[] = [];
  const leaves: string[] = [];
  const umbels: string[] = [];
  const linear = (t: number) => Math.min(1, t * 5) * Math.sqrt(Math.max(0, 1 - t ** 3));
  const leafCluster = (at: Point, axis: number, length: number) => {
    for (let k = 0; k < 3; k++) {
      const a = axis + (k - 1) * between(rng, 0.35, 0.5);
      const l = length * between(rng, 0.8, 1.1);
      const tip: Point = [at[0] + Math.cos(a) * l, at[1] + Math.sin(a) * l];
      const ctrl: Point = [(at[0] + tip[0]) / 2 + between(rng, -6, 6), (at[1] + tip[1]) / 2 + between(rng, -6, 6)];
      leaves.push(
        `<path d="${bladePath(at, ctrl, tip, l * 0.085, 0, linear)}" fill="${k === 1 ? "#7FAE86" : "#6A9C72"}" stroke="#3F6E4A" stroke-opacity="0.45"/>`,
      );
    }
  };
  const count = 9;
  for (let s = 0; s < count; s++) {
    const angle = -Math.PI / 2 + (s - (count - 1) / 2) * 0.19 + between(rng, -0.06, 0.06);
    const length = size * between(rng, 0.5, 0.78);
    const end: Point = [base[0] + Math.cos(angle) * length, base[1] + Math.sin(angle) * length];
    const ctrl: Point = [(base[0] + end[0]) / 2 + between(rng, -25, 25), (base[1] + end[1]) / 2];
    stems.push(
      `<path d="M${fixed(base[0])} ${fixed(base[1])} Q${fixed(ctrl[0])} ${fixed(ctrl[1])} ${fixed(end[0])} ${fixed(end[1])}" stroke="${PALETTE.olive}" stroke-width="${fixed(size * 0.011)}" fill="none" stroke-linecap="round"/>`,
    );
    for (const t of [0.4, 0.68]) {
      const u = 1 - t;
      const at: Point = [u * u * base[0] + 2 * u * t * ctrl[0] + t * t * end[0], u * u * base[1] + 2 * u * t * ctrl[1] + t * t * end[1]];
      leafCluster(at, angle + (s % 2 === 0 ? -0.7 : 0.7) * (t > 0.5 ? -1 : 1), size * 0.15);
    }
    if (s % 3 === 1) {
      const rays = 7;
      for (let r = 0; r < rays; r++) {
        const a = -Math.PI / 2 + (r - (rays - 1) / 2) * 0.2;
        const ray: Point = [end[0] + Math.cos(a) * size * 0.11, end[1] + Math.sin(a) * size * 0.07];
        umbels.push(
          `<path d="M${fixed(end[0])} ${fixed(end[1])} L${fixed(ray[0])} ${fixed(ray[1])}" stroke="${PALETTE.olive}" stroke-width="1.6"/>`,
        );
        for (let k = 0; k < 4; k++) {
          const b = -Math.PI / 2 + (k - 1.5) * 0.4;
          const flower: Point = [ray[0] + Math.cos(b) * size * 0.025, ray[1] + Math.sin(b) * size * 0.022];
          umbels.push(
            `<path d="M${fixed(ray[0])} ${fixed(ray[1])} L${fixed(flower[0])} ${fixed(flower[1])}" stroke="${PALETTE.olive}" stroke-width="1"/>`,
            `<circle cx="${fixed(flower[0])}" cy="${fixed(flower[1])}" r="${fixed(size * 0.008)}" fill="${PALETTE.umbel}"/>`,
          );
        }
      }
    } else {
      leafCluster(end, angle, size * 0.13);
    }
  }
  return `<g>${stems.join("")}${leaves.join("")}${umbels.join("")}${rocks.join("")}</g>`;
}

/** Mastic tree twig: even-pinnate leathery leaves and clusters of red-to-black berries. */
export function masticTwig(rng: Rng, start: Point, end: Point, size: number): string {
  const wood: string[] = [];
  const parts: string[] = [];
  const berries: string[] = [];
  const dx = end[0] - start[0];
  const dy = end[1] - start[1];
  const bend: Point = [(start[0] + end[0]) / 2 + dy * 0.18, (start[1] + end[1]) / 2 - dx * 0.18];
  wood.push(
    `<path d="M${fixed(start[0])} ${fixed(start[1])} Q${fixed(bend[0])} ${fixed(bend[1])} ${fixed(end[0])} ${fixed(end[1])}" stroke="#6B4E3A" stroke-width="${fixed(size * 0.018)}" fill="none" stroke-linecap="round"/>`,
  );
  const leaf = (p: Point, axis: number, length: number, shade: number) => {
    const tip: Point = [p[0] + Math.cos(axis) * length, p[1] + Math.sin(axis) * length];
    const curl: Point = [(p[0] + tip[0]) / 2 + Math.sin(axis) * length * 0.08, (p[1] + tip[1]) / 2 - Math.cos(axis) * length * 0.08];
    wood.push(
      `<path d="M${fixed(p[0])} ${fixed(p[1])} Q${fixed(curl[0])} ${fixed(curl[1])} ${fixed(tip[0])} ${fixed(tip[1])}" stroke="#4F6B3A" stroke-width="2.4" fill="none"/>`,
    );
    const pairs = 5;
    for (let k = 0; k < pairs; k++) {
      const s = 0.2 + (k / pairs) * 0.78;
      const u = 1 - s;
      const q: Point = [u * u * p[0] + 2 * u * s * curl[0] + s * s * tip[0], u * u * p[1] + 2 * u * s * curl[1] + s * s * tip[1]];
      for (const dir of [-1, 1]) {
        const a = axis + dir * between(rng, 0.85, 1.15);
        const l = length * between(rng, 0.26, 0.32);
        const leafTip: Point = [q[0] + Math.cos(a) * l, q[1] + Math.sin(a) * l];
        const color = ["#1F6B3C", "#2D7A45", "#245F38"][(k + shade) % 3] ?? "#1F6B3C";
        parts.push(
          `<path d="${bladePath(q, [(q[0] + leafTip[0]) / 2 + Math.cos(axis) * l * 0.12, (q[1] + leafTip[1]) / 2 + Math.sin(axis) * l * 0.12], leafTip, l * 0.3)}" fill="${color}"/>`,
          `<path d="M${fixed(q[0])} ${fixed(q[1])} L${fixed(leafTip[0])} ${fixed(leafTip[1])}" stroke="#A8D1A0" stroke-opacity="0.4" stroke-width="1"/>`,
        );
      }
    }
  };
  const main = Math.atan2(dy, dx);
  const leaves = 7;
  for (let i = 0; i < leaves; i++) {
    const t = 0.12 + (i / (leaves - 1)) * 0.86;
    const u = 1 - t;
    const p: Point = [u * u * start[0] + 2 * u * t * bend[0] + t * t * end[0], u * u * start[1] + 2 * u * t * bend[1] + t * t * end[1]];
    const side = i % 2 === 0 ? -1 : 1;
    const axis = i === leaves - 1 ? main : main + side * between(rng, 0.55, 0.9);
    leaf(p, axis, size * between(rng, 0.28, 0.36), i);
    if (i % 2 === 1 || i === 2) {
      const cluster: Point = [p[0] + Math.cos(main + Math.PI / 2) * size * 0.04, p[1] + Math.sin(main + Math.PI / 2) * size * 0.04];
      for (let b = 0; b < 9; b++) {
        const cx = cluster[0] + between(rng, -1, 1) * size * 0.045;
        const cy = cluster[1] + between(rng, -0.5, 1.2) * size * 0.045;
        const ripe = rng() < 0.35;
        wood.push(`<path d="M${fixed(p[0])} ${fixed(p[1])} L${fixed(cx)} ${fixed(cy)}" stroke="#6B4E3A" stroke-width="1.2"/>`);
        berries.push(
          `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(size * 0.017)}" fill="${ripe ? "#2A1A22" : PALETTE.berry}"/>`,
          `<circle cx="${fixed(cx - size * 0.005)}" cy="${fixed(cy - size * 0.005)}" r="${fixed(size * 0.005)}" fill="#FFFFFF" fill-opacity="0.45"/>`,
        );
      }
    }
  }
  return `<g>${wood.join("")}${parts.join("")}${berries.join("")}</g>`;
}

/** A chain of pyranose rings (a polysaccharide) with sulfate or carboxyl side groups. */
export function polysaccharideChain(
  rng: Rng,
  start: Point,
  rings: number,
  radius: number,
  colors: { bond: string; atom: string; group: string },
): string {
  const parts: string[] = [];
  const atoms: string[] = [];
  let cx = start[0];
  let cy = start[1];
  for (let i = 0; i < rings; i++) {
    const tilt = (i % 2 === 0 ? 1 : -1) * 0.18;
    const hex: Point[] = [];
    for (let k = 0; k < 6; k++) {
      const a = tilt + (Math.PI / 3) * k + Math.PI / 6;
      hex.push([cx + Math.cos(a) * radius, cy + Math.sin(a) * radius * 0.8]);
    }
    parts.push(
      `<path d="${polygon(hex)}" fill="none" stroke="${colors.bond}" stroke-width="${fixed(radius * 0.09)}" stroke-linejoin="round"/>`,
    );
    const ringOxygen = hex[5] ?? hex[0] ?? [cx, cy];
    atoms.push(`<circle cx="${fixed(ringOxygen[0])}" cy="${fixed(ringOxygen[1])}" r="${fixed(radius * 0.17)}" fill="${colors.atom}"/>`);
    if (rng() < 0.7) {
      const anchor = hex[i % 2 === 0 ? 4 : 2] ?? [cx, cy];
      const dir = i % 2 === 0 ? -1 : 1;
      const g: Point = [anchor[0] + radius * 0.2, anchor[1] + dir * radius * 0.85];
      parts.push(
        `<path d="M${fixed(anchor[0])} ${fixed(anchor[1])} L${fixed(g[0])} ${fixed(g[1])}" stroke="${colors.bond}" stroke-width="${fixed(radius * 0.07)}"/>`,
      );
      atoms.push(
        `<circle cx="${fixed(g[0])}" cy="${fixed(g[1])}" r="${fixed(radius * 0.24)}" fill="${colors.group}"/>`,
        `<circle cx="${fixed(g[0] - radius * 0.07)}" cy="${fixed(g[1] - radius * 0.07)}" r="${fixed(radius * 0.07)}" fill="#FFFFFF" fill-opacity="0.5"/>`,
      );
    }
    const link = hex[0] ?? [cx, cy];
    const nextX = cx + radius * 2.35;
    const nextY = cy + (i % 2 === 0 ? radius * 0.5 : -radius * 0.5);
    if (i < rings - 1) {
      const bridge: Point = [(link[0] + nextX - radius * 0.85) / 2, (link[1] + nextY) / 2 + (i % 2 === 0 ? -radius * 0.2 : radius * 0.2)];
      parts.push(
        `<path d="M${fixed(link[0])} ${fixed(link[1])} L${fixed(bridge[0])} ${fixed(bridge[1])} L${fixed(nextX - radius * 0.87)} ${fixed(nextY + radius * 0.2)}" fill="none" stroke="${colors.bond}" stroke-width="${fixed(radius * 0.09)}" stroke-linejoin="round"/>`,
      );
      atoms.push(`<circle cx="${fixed(bridge[0])}" cy="${fixed(bridge[1])}" r="${fixed(radius * 0.15)}" fill="${colors.atom}"/>`);
    }
    cx = nextX;
    cy = nextY;
  }
  return `<g>${parts.join("")}${atoms.join("")}</g>`;
}

/** A plant or algal cell: membrane, cytoplasm, nucleus and a few plastids. */
export function cell(rng: Rng, center: Point, radius: number, fill: string, membrane: string, plastid: string): string {
  const wobble: Point[] = [];
  for (let k = 0; k < 48; k++) {
    const a = (Math.PI * 2 * k) / 48;
    const r = radius * (1 + 0.04 * Math.sin(a * 3 + rng()) + 0.02 * Math.sin(a * 7));
    wobble.push([center[0] + Math.cos(a) * r, center[1] + Math.sin(a) * r]);
  }
  const organelles: string[] = [];
  for (let k = 0; k < 5; k++) {
    const a = between(rng, 0, Math.PI * 2);
    const d = radius * between(rng, 0.45, 0.7);
    const x = center[0] + Math.cos(a) * d;
    const y = center[1] + Math.sin(a) * d;
    organelles.push(
      `<ellipse cx="${fixed(x)}" cy="${fixed(y)}" rx="${fixed(radius * 0.16)}" ry="${fixed(radius * 0.08)}" transform="rotate(${fixed((a * 180) / Math.PI + 90)} ${fixed(x)} ${fixed(y)})" fill="${plastid}" fill-opacity="0.85"/>`,
    );
  }
  return `<g><path d="${polygon(wobble)}" fill="${fill}" fill-opacity="0.55" stroke="${membrane}" stroke-width="${fixed(radius * 0.05)}"/>${organelles.join("")}<circle cx="${fixed(center[0] + radius * 0.1)}" cy="${fixed(center[1] - radius * 0.08)}" r="${fixed(radius * 0.24)}" fill="${membrane}" fill-opacity="0.75"/><circle cx="${fixed(center[0] + radius * 0.14)}" cy="${fixed(center[1] - radius * 0.12)}" r="${fixed(radius * 0.08)}" fill="#FFFFFF" fill-opacity="0.5"/></g>`;
}
