import sharp from "sharp";
import type { ImageStorage } from "../../services/storage/types";
import { branchingAlga, glasswort, masticTwig, seaFennel, seaLettuce } from "./illustrations";
import { coast, coastalPlants, extractDish, harvestMap, molecules, partnerLogo, specimenPlate, underwater } from "./scenes";
import { PALETTE, type Point } from "./svg";

type ImageSpec = { svg: () => string; format: "jpeg" | "png" };

const jpeg = (svg: () => string): ImageSpec => ({ svg, format: "jpeg" });
const png = (svg: () => string): ImageSpec => ({ svg, format: "png" });

const PRODUCT = { width: 1200, height: 900 } as const;
const COVER = { width: 1600, height: 1000 } as const;
const DETAIL = { width: 1200, height: 900 } as const;

const waterPlate = { background: [PALETTE.foam, PALETTE.lagoon] as [string, string], glow: PALETTE.white, water: true };
const plantPlate = { background: [PALETTE.sand, "#DCE8D2"] as [string, string], glow: PALETTE.white, water: false };

const gracilaria = { color: PALETTE.wine, shade: "#4A1428", highlight: "#E3A2B2", spread: 0.55, depth: 6, monopodial: true, stems: 5 };
const sargassum = {
  color: PALETTE.kelp,
  shade: "#2E3814",
  highlight: "#C5CF8A",
  vesicles: "#9AA54E",
  blades: PALETTE.olive,
  spread: 0.5,
  depth: 3,
};
const below = (center: Point, size: number, k: number): Point => [center[0], center[1] + size * k];

/** Every demo image: product plates, category covers, block illustrations, banner variants and partner logos. */
export const IMAGE_SPECS = {
  coverAlgae: jpeg(() => underwater(COVER.width, COVER.height, 11)),
  coverPlants: jpeg(() => coastalPlants(COVER.width, COVER.height, 12)),
  coverActives: jpeg(() => molecules(COVER.width, COVER.height, 13)),

  ulva: jpeg(() =>
    specimenPlate({
      ...PRODUCT,
      ...waterPlate,
      seed: 21,
      accent: PALETTE.plants,
      ground: "#D8C7A0",
      subject: (rng, c, size) => seaLettuce(rng, below(c, size, 0.48), size * 0.95),
    }),
  ),
  gracilaria: jpeg(() =>
    specimenPlate({
      ...PRODUCT,
      background: [PALETTE.sand, "#E8C9C8"],
      glow: PALETTE.white,
      water: true,
      seed: 22,
      accent: PALETTE.wine,
      ground: "#CDB184",
      subject: (rng, c, size) => branchingAlga(rng, below(c, size, 0.5), size * 1.05, gracilaria),
    }),
  ),
  sargassum: jpeg(() =>
    specimenPlate({
      ...PRODUCT,
      background: ["#E9EEDC", PALETTE.lagoon],
      glow: PALETTE.white,
      water: true,
      seed: 23,
      accent: PALETTE.kelp,
      ground: "#D8C7A0",
      subject: (rng, c, size) => branchingAlga(rng, below(c, size, 0.5), size * 1.35, sargassum),
    }),
  ),
  salicornia: jpeg(() =>
    specimenPlate({
      ...PRODUCT,
      ...plantPlate,
      seed: 31,
      accent: PALETTE.plants,
      ground: "#D9C39A",
      subject: (rng, c, size) =>
        [
          glasswort(rng, [c[0] - size * 0.22, c[1] + size * 0.5], size * 0.85, PALETTE.leaf),
          glasswort(rng, [c[0] + size * 0.22, c[1] + size * 0.52], size * 0.9),
          glasswort(rng, [c[0], c[1] + size * 0.55], size * 1.05),
        ].join(""),
    }),
  ),
  seaFennel: jpeg(() =>
    specimenPlate({
      ...PRODUCT,
      background: ["#EEF1EA", "#C9D6C8"],
      glow: PALETTE.white,
      water: false,
      seed: 32,
      accent: PALETTE.olive,
      ground: "#A39A8A",
      subject: (rng, c, size) => seaFennel(rng, below(c, size, 0.5), size * 1.1),
    }),
  ),
  mastic: jpeg(() =>
    specimenPlate({
      ...PRODUCT,
      background: [PALETTE.sand, "#E6D9C3"],
      glow: "#FFF7E8",
      water: false,
      seed: 33,
      accent: PALETTE.berry,
      subject: (rng, c, size) => masticTwig(rng, [c[0] - size * 0.55, c[1] + size * 0.5], [c[0] + size * 0.42, c[1] - size * 0.3], size),
    }),
  ),
  ulvan: jpeg(() =>
    extractDish({
      ...PRODUCT,
      seed: 41,
      powder: ["#E4EBC8", "#A9BF7A"],
      glow: PALETTE.teal,
      source: (rng, c, size) => seaLettuce(rng, below(c, size, 0.45), size * 0.8, [PALETTE.mint, "#8CC08F", "#CDE7C4"]),
    }),
  ),
  lentiscExtract: jpeg(() =>
    extractDish({
      ...PRODUCT,
      seed: 42,
      powder: ["#C98B62", "#7A3F2A"],
      glow: PALETTE.actives,
      source: (rng, c, size) => masticTwig(rng, [c[0] - size * 0.5, c[1] + size * 0.4], [c[0] + size * 0.45, c[1] - size * 0.4], size),
    }),
  ),
  fucoidan: jpeg(() =>
    extractDish({
      ...PRODUCT,
      seed: 43,
      powder: ["#E2CFA4", "#A68A55"],
      glow: PALETTE.ochre,
      source: (rng, c, size) => branchingAlga(rng, below(c, size, 0.45), size * 1.1, { ...sargassum, color: "#C5CF8A", blades: "#DCE3B0" }),
    }),
  ),

  detailMap: jpeg(() => harvestMap(DETAIL.width, DETAIL.height, 51)),
  detailSeabed: jpeg(() => underwater(DETAIL.width, DETAIL.height, 52)),
  detailDune: jpeg(() => coastalPlants(DETAIL.width, DETAIL.height, 53, true)),
  detailLab: jpeg(() => molecules(DETAIL.width, DETAIL.height, 54, PALETTE.teal)),
  detailCoast: jpeg(() => coast({ ...DETAIL, seed: 55, shade: "none" })),

  bannerFr: jpeg(() => coast({ width: 1600, height: 900, seed: 61, shade: "left", caption: "Cap Zebib · Bizerte, Tunisie" })),
  bannerEn: jpeg(() => coast({ width: 1600, height: 900, seed: 61, shade: "left", caption: "Cap Zebib · Bizerte, Tunisia" })),
  bannerFrMobile: jpeg(() => coast({ width: 900, height: 1200, seed: 62, shade: "bottom", caption: "Bizerte, Tunisie" })),
  bannerEnMobile: jpeg(() => coast({ width: 900, height: 1200, seed: 62, shade: "bottom", caption: "Bizerte, Tunisia" })),

  partnerHalivane: png(() => partnerLogo("Halivane", "wave", PALETTE.algae, PALETTE.lagoon, "Cosmétique marine")),
  partnerOstrelle: png(() => partnerLogo("Ostrelle Foods", "leaf", PALETTE.plants, PALETTE.ochre, "Food ingredients")),
  partnerVerdalune: png(() => partnerLogo("Verdalune", "drop", PALETTE.teal, PALETTE.actives, "Nutrition")),
  partnerQuelmara: png(() => partnerLogo("Quelmara Labs", "hexagon", PALETTE.actives, PALETTE.algae, "Analytical lab")),
  partnerSidrane: png(() => partnerLogo("Sidrane", "sun", PALETTE.ochre, PALETTE.actives, "Institut phyto")),
} satisfies Record<string, ImageSpec>;

export type ImageKey = keyof typeof IMAGE_SPECS;
export type DemoImages = Record<ImageKey, string>;

export async function renderImage(spec: ImageSpec): Promise<Buffer> {
  const image = sharp(Buffer.from(spec.svg()));
  return spec.format === "png" ? image.png({ compressionLevel: 6 }).toBuffer() : image.jpeg({ quality: 86 }).toBuffer();
}

/** Draws every demo image, hands the rasters to the storage and returns their public URLs. */
export async function drawDemoImages(storage: ImageStorage): Promise<DemoImages> {
  const keys = Object.keys(IMAGE_SPECS) as ImageKey[];
  const urls: Partial<DemoImages> = {};
  // A couple at a time: sharp already spreads each image over the cores.
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key; key = queue.shift()) {
      const saved = await storage.saveImage(await renderImage(IMAGE_SPECS[key]), "algues");
      urls[key] = saved.url;
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const missing = keys.filter((key) => !urls[key]);
  if (missing.length > 0) throw new Error(`Demo images not saved: ${missing.join(", ")}`);
  return urls as DemoImages;
}
