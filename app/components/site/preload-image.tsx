import { imageSrcSet } from "../../../shared/images";

/**
 * Preloads a page's LCP image at high priority (React hoists the link into <head>), with the same candidates and
 * sizes as the `<img>`, so the browser fetches exactly the file the image will use.
 */
export function PreloadImage({ src, sizes, media }: { src: string; sizes: string; media?: string }) {
  const srcSet = imageSrcSet(src);
  return (
    <link
      rel="preload"
      as="image"
      href={src}
      imageSrcSet={srcSet}
      imageSizes={srcSet ? sizes : undefined}
      media={media}
      fetchPriority="high"
    />
  );
}
