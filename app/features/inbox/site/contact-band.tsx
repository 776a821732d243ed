import { ArrowRight } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { CONTACT_SITE_TEXTS } from "./texts";

/** The closing call to action of every page: one obvious next step, contact. */
export function ContactBand({ ink, title, text, button }: { ink?: string; title?: string; text?: string; button?: string }) {
  const { href } = useLang();
  const t = useTexts(CONTACT_SITE_TEXTS);
  return (
    <section aria-labelledby="contact-band-title" className="bg-white px-4 py-16 sm:px-6 lg:px-8">
      <div
        className="relative mx-auto max-w-7xl overflow-hidden rounded-3xl bg-navy px-6 py-12 text-white sm:px-12 sm:py-14"
        style={ink ? { backgroundColor: ink } : undefined}
      >
        <svg
          className={`pointer-events-none absolute -right-10 bottom-0 h-40 w-[36rem] ${ink ? "text-black/15" : "text-white/10"}`}
          viewBox="0 0 576 160"
          aria-hidden="true"
        >
          <path d="M0 60c48-24 96-24 144 0s96 24 144 0 96-24 144 0 96 24 144 0" stroke="currentColor" strokeWidth="10" fill="none" />
          <path d="M0 110c48-24 96-24 144 0s96 24 144 0 96-24 144 0 96 24 144 0" stroke="currentColor" strokeWidth="10" fill="none" />
        </svg>
        <div className="relative flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="contact-band-title" className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
              {title ?? t("band.title")}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white">{text ?? t("band.text")}</p>
          </div>
          <ButtonLink to={href("/contact")} variant="light" size="lg" className="shrink-0 self-start lg:self-center">
            {button ?? t("band.button")}
            <ArrowRight className="size-5" aria-hidden="true" />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
