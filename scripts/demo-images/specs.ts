import type { DemoImageKey } from "../../server/seed/image-keys";
import { branchingAlga, glasswort, masticTwig, seaFennel, seaLettuce } from "./illustrations";
import { coast, coastalPlants, extractDish, harvestMap, molecules, partnerLogo, specimenPlate, underwater } from "./scenes";
import { PALETTE, type Point } from "./svg";

/** How one demo image is drawn (an SVG document) and which kind it is: a picture, or a logo (text: encoded finer). */
export type ImageSpec = { svg: () => string; format: "picture" | "logo" };

const picture = (svg: () => string): ImageSpec => ({ svg, format: "picture" });
const logo = (svg: () => string): ImageSpec => ({ svg, format: "logo" });

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
  coverAlgae: picture(() => underwater(COVER.width, COVER.height, 11)),
  coverPlants: picture(() => coastalPlants(COVER.width, COVER.height, 12)),
  coverActives: picture(() => molecules(COVER.width, COVER.height, 13)),

  ulva: picture(() =>
    specimenPlate({
      ...PRODUCT,
      ...waterPlate,
      seed: 21,
      accent: PALETTE.plants,
      ground: "#D8C7A0",
      subject: (rng, c, size) => seaLettuce(rng, below(c, size, 0.48), size * 0.95),
    }),
  ),
  gracilaria: picture(() =>
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
  sargassum: picture(() =>
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
  salicornia: picture(() =>
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
  seaFennel: picture(() =>
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
  mastic: picture(() =>
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
  ulvan: picture(() =>
    extractDish({
      ...PRODUCT,
      seed: 41,
      powder: ["#E4EBC8", "#A9BF7A"],
      glow: PALETTE.teal,
      source: (rng, c, size) => seaLettuce(rng, below(c, size, 0.45), size * 0.8, [PALETTE.mint, "#8CC08F", "#CDE7C4"]),
    }),
  ),
  lentiscExtract: picture(() =>
    extractDish({
      ...PRODUCT,
      seed: 42,
      powder: ["#C98B62", "#7A3F2A"],
      glow: PALETTE.actives,
      source: (rng, c, size) => masticTwig(rng, [c[0] - size * 0.5, c[1] + size * 0.4], [c[0] + size * 0.45, c[1] - size * 0.4], size),
    }),
  ),
  fucoidan: picture(() =>
    extractDish({
      ...PRODUCT,
      seed: 43,
      powder: ["#E2CFA4", "#A68A55"],
      glow: PALETTE.ochre,
      source: (rng, c, size) => branchingAlga(rng, below(c, size, 0.45), size * 1.1, { ...sargassum, color: "#C5CF8A", blades: "#DCE3B0" }),
    }),
  ),

  detailMap: picture(() => harvestMap(DETAIL.width, DETAIL.height, 51)),
  detailSeabed: picture(() => underwater(DETAIL.width, DETAIL.height, 52)),
  detailDune: picture(() => coastalPlants(DETAIL.width, DETAIL.height, 53, true)),
  detailLab: picture(() => molecules(DETAIL.width, DETAIL.height, 54, PALETTE.teal)),
  detailCoast: picture(() => coast({ ...DETAIL, seed: 55, shade: "none" })),

  bannerFr: picture(() => coast({ width: 1600, height: 900, seed: 61, shade: "left", caption: "Cap Zebib · Bizerte, Tunisie" })),
  bannerEn: picture(() => coast({ width: 1600, height: 900, seed: 61, shade: "left", caption: "Cap Zebib · Bizerte, Tunisia" })),
  bannerFrMobile: picture(() => coast({ width: 900, height: 1200, seed: 62, shade: "bottom", caption: "Bizerte, Tunisie" })),
  bannerEnMobile: picture(() => coast({ width: 900, height: 1200, seed: 62, shade: "bottom", caption: "Bizerte, Tunisia" })),

  partnerHalivane: logo(() => partnerLogo("Halivane", "wave", PALETTE.algae, PALETTE.lagoon, "Cosmétique marine")),
  partnerOstrelle: logo(() => partnerLogo("Ostrelle Foods", "leaf", PALETTE.plants, PALETTE.ochre, "Food ingredients")),
  partnerVerdalune: logo(() => partnerLogo("Verdalune", "drop", PALETTE.teal, PALETTE.actives, "Nutrition")),
  partnerQuelmara: logo(() => partnerLogo("Quelmara Labs", "hexagon", PALETTE.actives, PALETTE.algae, "Analytical lab")),
  partnerSidrane: logo(() => partnerLogo("Sidrane", "sun", PALETTE.ochre, PALETTE.actives, "Institut phyto")),
} satisfies Record<DemoImageKey, ImageSpec>;
