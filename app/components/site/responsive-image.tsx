import { avifSrcSet, imageDimensions, imageSrcSet } from "@shared/images";
import { cn } from "~/lib/cn";
import { useImageLook } from "./image-looks";

type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Intrinsic size used when the URL does not carry it (external images). */
  fallbackSize?: { width: number; height: number };
  /** Above the fold: fetched first and never lazy. */
  priority?: boolean;
  className?: string;
  onError?: () => void;
};

const DEFAULT_SIZE = { width: 1600, height: 1200 };

/** An `<img>` with width/height (no layout shift) and a `srcset` of the upload's WebP variants, AVIF first when it has them. */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  fallbackSize = DEFAULT_SIZE,
  priority = false,
  className,
  onError,
}: ResponsiveImageProps) {
  // The media library's alt text and focal point, when the page read them (else the alt given here, centred crop).
  const look = useImageLook(src, alt);
  const size = imageDimensions(src) ?? fallbackSize;
  const srcSet = imageSrcSet(src);
  const avif = avifSrcSet(src);
  const img = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={look.alt}
      style={look.objectPosition ? { objectPosition: look.objectPosition } : undefined}
      width={size.width}
      height={size.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      className={cn("block", className)}
      onError={onError}
    />
  );
  if (!avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {img}
    </picture>
  );
}
