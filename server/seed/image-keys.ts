/** Every demo image, by the name the demo content refers to it with (drawn by scripts/demo-images/). */
export const DEMO_IMAGE_KEYS = [
  "coverAlgae",
  "coverPlants",
  "coverActives",
  "ulva",
  "gracilaria",
  "sargassum",
  "salicornia",
  "seaFennel",
  "mastic",
  "ulvan",
  "lentiscExtract",
  "fucoidan",
  "detailMap",
  "detailSeabed",
  "detailDune",
  "detailLab",
  "detailCoast",
  "bannerFr",
  "bannerEn",
  "bannerFrMobile",
  "bannerEnMobile",
  "partnerHalivane",
  "partnerOstrelle",
  "partnerVerdalune",
  "partnerQuelmara",
  "partnerSidrane",
] as const;

export type DemoImageKey = (typeof DEMO_IMAGE_KEYS)[number];
/** The public URL of each demo image once stored. */
export type DemoImages = Record<DemoImageKey, string>;
