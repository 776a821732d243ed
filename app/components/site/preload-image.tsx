import { avifSrcSet, imageSrcSet } from "@shared/images";

/**
 * Preloads a page's LCP image at high priority (React hoists the link into <head>), with the same candidates and
 * sizes as the picture: its AVIF variants when it has them (`type` lets browsers without AVIF skip the hint), else WebP.
 */
export function PreloadImage({ src, sizes, media }: { src: string; sizes: string; media?: string }) {
  const avif = avifSrcSet(src);
  const srcSet = avif ?? imageSrcSet(src);
  return (
    <link
      rel="preload"
      as="image"
      href={avif ? undefined : src}
      type={avif ? "image/avif" : undefined}
      imageSrcSet={srcSet}
      imageSizes={srcSet ? sizes : undefined}
      media={media}
      fetchPriority="high"
    />
  );
}
