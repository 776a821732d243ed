import { imageDimensions, imageSrcSet } from "@shared/images";
import { TIMINGS } from "@shared/limits";
import type { Partner } from "@shared/schemas/partner";
import { Building2, Pause, Play } from "lucide-react";
import type { CSSProperties } from "react";
import { useImageLook } from "~/components/site/image-looks";
import { useTexts } from "~/i18n/screen-lang";
import { PARTNER_SITE_TEXTS } from "./texts";

/** Slots per half of the track, so the loop covers a 1440 px screen without a gap. */
const MIN_SLOTS = 8;
const LOGO_SIZE = { width: 160, height: 64 };

/** A logo, and the placeholder the carousel island shows instead when the image fails to load. */
function PartnerLogo({ partner }: { partner: Partner }) {
  const size = imageDimensions(partner.logoUrl) ?? LOGO_SIZE;
  const srcSet = imageSrcSet(partner.logoUrl);
  // The media library's alt text when written (decision 0105), else the partner's name.
  const { alt } = useImageLook(partner.logoUrl, partner.name);
  return (
    <>
      <img
        src={partner.logoUrl}
        srcSet={srcSet}
        sizes={srcSet ? "160px" : undefined}
        alt={alt}
        width={size.width}
        height={size.height}
        loading="lazy"
        decoding="async"
        data-partner-logo=""
        className="h-16 w-40 object-contain opacity-80 grayscale transition group-hover:opacity-100 group-hover:grayscale-0 group-focus-visible:opacity-100 group-focus-visible:grayscale-0"
      />
      <span
        hidden
        role="img"
        aria-label={partner.name}
        className="h-16 w-40 items-center justify-center gap-2 rounded-xl bg-slate-100 px-3 text-slate-600 [&:not([hidden])]:flex"
        data-placeholder=""
      >
        <Building2 className="size-5 shrink-0" aria-hidden="true" />
        <span className="truncate text-sm font-semibold">{partner.name}</span>
      </span>
    </>
  );
}

function PartnerLink({ partner, hidden = false }: { partner: Partner; hidden?: boolean }) {
  const t = useTexts(PARTNER_SITE_TEXTS);
  return (
    <a
      href={partner.websiteUrl}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={hidden ? -1 : undefined}
      aria-label={hidden ? undefined : t("visit", { name: partner.name })}
      className="group flex items-center justify-center rounded-xl p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
    >
      <PartnerLogo partner={partner} />
    </a>
  );
}

/**
 * Partner logos scrolling in an endless 30 s CSS loop (app.css), paused on hover and keyboard focus; the pause button
 * and the logo placeholder come with the carousel island. Under reduced motion it is one static row without the button.
 * Each logo opens the partner site in a new tab.
 */
export function PartnerCarousel({ partners, island }: { partners: Partner[]; island: string }) {
  const t = useTexts(PARTNER_SITE_TEXTS);
  const copies = Math.max(1, Math.ceil(MIN_SLOTS / partners.length));
  // The first list is the real one; the rest only fill the loop and are hidden from assistive technology.
  const filler = Array.from({ length: copies * 2 - 1 }, () => partners).flat();

  return (
    <section aria-labelledby="partners-title" data-carousel="" className="border-y border-slate-200 bg-white py-16">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <h2 id="partners-title" className="font-display text-2xl font-semibold tracking-tight text-navy sm:text-3xl">
          {t("title")}
        </h2>
        {/* Shown by the island (it needs JavaScript), never under reduced motion. */}
        <button
          type="button"
          hidden
          data-carousel-toggle=""
          aria-label={t("pause")}
          data-label-pause={t("pause")}
          data-label-play={t("play")}
          className="group size-10 items-center justify-center rounded-full text-navy ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy motion-reduce:!hidden [&:not([hidden])]:inline-flex"
        >
          <Pause className="size-4 group-data-[paused]:hidden" aria-hidden="true" />
          <Play className="hidden size-4 group-data-[paused]:block" aria-hidden="true" />
        </button>
      </div>
      <div className="partner-viewport mt-10 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)] motion-reduce:overflow-visible motion-reduce:[mask-image:none]">
        <div
          data-testid="partner-track"
          className="partner-track flex w-max items-center motion-reduce:mx-auto motion-reduce:block motion-reduce:w-auto motion-reduce:max-w-7xl motion-reduce:px-4 motion-reduce:sm:px-6 motion-reduce:lg:px-8"
          style={{ "--loop-duration": `${TIMINGS.partnerCarouselLoop}ms` } as CSSProperties}
        >
          <ul className="flex items-center gap-10 pr-10 motion-reduce:grid motion-reduce:grid-cols-2 motion-reduce:gap-6 motion-reduce:pr-0 motion-reduce:sm:flex motion-reduce:sm:flex-wrap motion-reduce:sm:justify-center motion-reduce:sm:gap-10">
            {partners.map((partner) => (
              <li key={partner._id}>
                <PartnerLink partner={partner} />
              </li>
            ))}
          </ul>
          <div aria-hidden="true" className="flex items-center gap-10 pr-10 motion-reduce:hidden">
            {filler.map((partner, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the filler repeats the same partners
              <PartnerLink key={`${partner._id}-${index}`} partner={partner} hidden />
            ))}
          </div>
        </div>
      </div>
      <script type="module" src={island} fetchPriority="low" />
    </section>
  );
}
