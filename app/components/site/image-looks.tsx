import type { Lang } from "@shared/company";
import { imageLook, type MediaLooks } from "@shared/schemas/media";
import { createContext, type ReactNode, useContext } from "react";

const ImageLooksContext = createContext<{ looks: MediaLooks; lang: Lang } | null>(null);

/**
 * The media library's alt texts and focal points of the images a public page shows (read by its loader in one query,
 * decision 0105): every `ResponsiveImage` inside takes its alt text and `object-position` from here.
 */
export function ImageLooks({ looks, lang, children }: { looks: MediaLooks | undefined; lang: Lang; children: ReactNode }) {
  return <ImageLooksContext.Provider value={looks ? { looks, lang } : null}>{children}</ImageLooksContext.Provider>;
}

/** The alt text (the library's in the page's language, else `fallback`) and crop position of the image at `src`. */
export function useImageLook(src: string, fallback: string): { alt: string; objectPosition?: string } {
  const context = useContext(ImageLooksContext);
  return context ? imageLook(context.looks, src, context.lang, fallback) : { alt: fallback };
}
