import { Building2, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLang } from "~/i18n/lang-context";
import { cn } from "~/lib/cn";
import { imageDimensions, imageSrcSet } from "../../../shared/images";
import { TIMINGS } from "../../../shared/limits";
import type { Partner } from "../../../shared/schemas/partner";

/** Slots per half of the track, so the loop covers a 1440 px screen without a gap. */
const MIN_SLOTS = 8;
const LOGO_SIZE = { width: 160, height: 64 };

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const media = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return reduced;
}

/** A logo, or a placeholder when the image fails to load (including before hydration). */
function PartnerLogo({ partner }: { partner: Partner }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <span
        role="img"
        aria-label={partner.name}
        className="flex h-16 w-40 items-center justify-center gap-2 rounded-xl bg-slate-100 px-3 text-slate-600"
        data-placeholder=""
      >
        <Building2 className="size-5 shrink-0" aria-hidden="true" />
        <span className="truncate text-sm font-semibold">{partner.name}</span>
      </span>
    );
  }
  const size = imageDimensions(partner.logoUrl) ?? LOGO_SIZE;
  const srcSet = imageSrcSet(partner.logoUrl);
  return (
    <img
      ref={ref}
      src={partner.logoUrl}
      srcSet={srcSet}
      sizes={srcSet ? "160px" : undefined}
      alt={partner.name}
      width={size.width}
      height={size.height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="h-16 w-40 object-contain opacity-80 grayscale transition group-hover:opacity-100 group-hover:grayscale-0 group-focus-visible:opacity-100 group-focus-visible:grayscale-0"
    />
  );
}

function PartnerLink({ partner, hidden = false }: { partner: Partner; hidden?: boolean }) {
  const { t } = useLang();
  return (
    <a
      href={partner.websiteUrl}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={hidden ? -1 : undefined}
      aria-label={hidden ? undefined : t("partners.visit", { name: partner.name })}
      className="group flex items-center justify-center rounded-xl p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
    >
      <PartnerLogo partner={partner} />
    </a>
  );
}

/**
 * Partner logos scrolling in an endless 30 s loop; it pauses on hover, on keyboard focus and with the pause button,
 * and stands still (one static row) when the visitor prefers reduced motion. Each logo opens the partner site in a new tab.
 */
export function PartnerCarousel({ partners }: { partners: Partner[] }) {
  const { t } = useLang();
  const reduced = usePrefersReducedMotion();
  const trackRef = useRef<HTMLDivElement>(null);
  const animationRef = useRef<Animation | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || reduced || typeof track.animate !== "function") return;
    const animation = track.animate([{ transform: "translateX(0)" }, { transform: "translateX(-50%)" }], {
      duration: TIMINGS.partnerCarouselLoop,
      iterations: Number.POSITIVE_INFINITY,
      easing: "linear",
    });
    animationRef.current = animation;
    return () => {
      animation.cancel();
      animationRef.current = null;
    };
  }, [reduced]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new animation is created when `reduced` changes and must get the current state
  useEffect(() => {
    const animation = animationRef.current;
    if (!animation) return;
    if (hovered || focused || stopped) animation.pause();
    else animation.play();
  }, [hovered, focused, stopped, reduced]);

  const copies = Math.max(1, Math.ceil(MIN_SLOTS / partners.length));
  // The first list is the real one; the rest only fill the loop and are hidden from assistive technology.
  const filler = reduced ? [] : Array.from({ length: copies * 2 - 1 }, () => partners).flat();

  return (
    <section aria-labelledby="partners-title" className="border-y border-slate-200 bg-white py-16">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <h2 id="partners-title" className="font-display text-2xl font-semibold tracking-tight text-navy sm:text-3xl">
          {t("partners.title")}
        </h2>
        {!reduced && (
          <button
            type="button"
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? t("partners.play") : t("partners.pause")}
            className="inline-flex size-10 items-center justify-center rounded-full text-navy ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
          >
            {stopped ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          </button>
        )}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the animation */}
      <div
        className={cn(
          "mt-10",
          !reduced && "overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)]",
        )}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
      >
        <div
          ref={trackRef}
          data-testid="partner-track"
          className={reduced ? "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8" : "flex w-max items-center"}
        >
          <ul
            className={cn(
              "items-center",
              reduced ? "grid grid-cols-2 gap-6 sm:flex sm:flex-wrap sm:justify-center sm:gap-10" : "flex gap-10 pr-10",
            )}
          >
            {partners.map((partner) => (
              <li key={partner._id}>
                <PartnerLink partner={partner} />
              </li>
            ))}
          </ul>
          {filler.length > 0 && (
            <div aria-hidden="true" className="flex items-center gap-10 pr-10">
              {filler.map((partner, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the filler repeats the same partners
                <PartnerLink key={`${partner._id}-${index}`} partner={partner} hidden />
              ))}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
