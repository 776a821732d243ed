import type SharpModule from "sharp";

let loaded: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips and its native libraries), loaded with the first image to read, not at start: a server that receives
 * no upload never holds it (issue 34). Each image is decoded once, so libvips' operation cache (50 MB by default) is off.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
