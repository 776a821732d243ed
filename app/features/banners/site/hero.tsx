import { avifSrcSet, imageDimensions, imageSrcSet } from "@shared/images";
import type { Banner } from "@shared/schemas/banner";
import { ArrowDown } from "lucide-react";
import { useImageLook } from "~/components/site/image-looks";
import { PreloadImage } from "~/components/site/preload-image";
import { buttonClass } from "~/components/ui/button";
import { langAttr, localizedText } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { BANNER_SITE_TEXTS } from "./texts";

/** Below this width the banner's mobile image (when it has one) is used. */
export const MOBILE_IMAGE_QUERY = "(max-width: 767px)";
const DESKTOP_IMAGE_QUERY = "(min-width: 768px)";

const DESKTOP_FALLBACK = { width: 1600, height: 700 };
const MOBILE_FALLBACK = { width: 960, height: 1200 };

/** The active banner: image by language and screen width, title, description and a button to the products. */
export function Hero({ banner, targetId }: { banner: Banner; targetId: string }) {
  const { lang } = useLang();
  const title = localizedText(banner, "title", lang);
  const description = localizedText(banner, "description", lang);
  const t = useTexts(BANNER_SITE_TEXTS);
  const desktop = lang === "en" ? banner.imageUrlEn : banner.imageUrlFr;
  const mobile = lang === "en" ? banner.imageUrlEnMobile : banner.imageUrlFrMobile;
  const desktopSize = imageDimensions(desktop) ?? DESKTOP_FALLBACK;
  const mobileSize = mobile ? (imageDimensions(mobile) ?? MOBILE_FALLBACK) : null;
  const desktopSrcSet = imageSrcSet(desktop);
  const mobileAvif = mobile ? avifSrcSet(mobile) : undefined;
  const desktopAvif = avifSrcSet(desktop);
  // The banner's text is its content: the picture has no alt text unless the media library gives one (decision 0105);
  // its crop follows the library's focal point.
  const look = useImageLook(desktop, "");

  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-navy">
      {mobile ? (
        <>
          <PreloadImage src={mobile} sizes="100vw" media={MOBILE_IMAGE_QUERY} />
          <PreloadImage src={desktop} sizes="100vw" media={DESKTOP_IMAGE_QUERY} />
        </>
      ) : (
        <PreloadImage src={desktop} sizes="100vw" />
      )}
      <picture>
        {mobile && mobileSize && mobileAvif && (
          <source
            media={MOBILE_IMAGE_QUERY}
            type="image/avif"
            srcSet={mobileAvif}
            sizes="100vw"
            width={mobileSize.width}
            height={mobileSize.height}
          />
        )}
        {mobile && mobileSize && (
          <source
            media={MOBILE_IMAGE_QUERY}
            srcSet={imageSrcSet(mobile) ?? mobile}
            sizes="100vw"
            width={mobileSize.width}
            height={mobileSize.height}
          />
        )}
        {desktopAvif && <source type="image/avif" srcSet={desktopAvif} sizes="100vw" />}
        <img
          src={desktop}
          srcSet={desktopSrcSet}
          sizes={desktopSrcSet ? "100vw" : undefined}
          alt={look.alt}
          style={look.objectPosition ? { objectPosition: look.objectPosition } : undefined}
          width={desktopSize.width}
          height={desktopSize.height}
          fetchPriority="high"
          loading="eager"
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      </picture>
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-navy/90 via-navy/55 to-navy/20 md:bg-gradient-to-r md:from-navy/85 md:via-navy/50 md:to-transparent" />
      <div className="mx-auto flex min-h-[34rem] max-w-7xl flex-col justify-end px-4 pt-24 pb-14 sm:px-6 md:min-h-[38rem] md:justify-center md:pb-24 lg:min-h-[42rem] lg:px-8">
        <div className="max-w-2xl text-white">
          <h1
            id="hero-title"
            lang={langAttr(title, lang)}
            className="font-display text-4xl leading-[1.05] font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {title.value}
          </h1>
          <p lang={langAttr(description, lang)} className="mt-5 max-w-xl text-lg leading-relaxed text-white/90 text-pretty sm:text-xl">
            {description.value}
          </p>
          {/* A plain in-page link: the browser scrolls to the section (80 px under the top bar) and focuses it. */}
          <a href={`#${targetId}`} className={`${buttonClass({ size: "lg", variant: "light" })} mt-8`}>
            {t("cta")}
            <ArrowDown className="size-5" aria-hidden="true" />
          </a>
        </div>
      </div>
    </section>
  );
}
