import { formatDayRange } from "@shared/day-range";
import type { PublicTradeShow } from "@shared/resources/trade-shows";
import { CalendarDays, MapPin } from "lucide-react";
import { SectionHeading } from "~/components/site/section-heading";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { defineTexts } from "~/i18n/texts";

/** Texts of the home page's trade-shows section. */
const TRADE_SHOW_SITE_TEXTS = defineTexts({
  fr: {
    eyebrow: "Salons",
    title: "Rencontrons-nous",
    intro: "Venez découvrir nos algues et extraits, échantillons en main, sur les prochains salons.",
    booth: "stand",
    website: "Site du salon {name}",
  },
  en: {
    eyebrow: "Trade shows",
    title: "Meet us",
    intro: "Come and see our algae and extracts, samples in hand, at the coming trade shows.",
    booth: "booth",
    website: "{name} website",
  },
});

/** The home page's coming trade shows (shared/resources/trade-shows.ts): where buyers can meet the company. */
export function ComingTradeShows({ shows }: { shows: PublicTradeShow[] }) {
  const { lang } = useLang();
  const t = useTexts(TRADE_SHOW_SITE_TEXTS);
  return (
    <section aria-labelledby="trade-shows-title" className="px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="trade-shows-title" eyebrow={t("eyebrow")} title={t("title")} intro={t("intro")} />
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {shows.map((show) => {
            const name = lang === "fr" ? show.nameFr : show.nameEn;
            return (
              <li key={show._id} className="flex flex-col gap-3 rounded-2xl border border-navy/10 bg-white p-6 shadow-sm">
                <h3 className="font-display text-xl font-semibold text-navy">{name}</h3>
                <p className="flex items-center gap-2 text-slate-700">
                  <CalendarDays className="size-5 shrink-0 text-algae" aria-hidden="true" />
                  {formatDayRange(show.startsOn, show.endsOn, lang)}
                </p>
                <p className="flex items-center gap-2 text-slate-700">
                  <MapPin className="size-5 shrink-0 text-algae" aria-hidden="true" />
                  {lang === "fr" ? show.cityFr : show.cityEn}
                  {show.booth && ` · ${t("booth")} ${show.booth}`}
                </p>
                {show.websiteUrl && (
                  <a
                    href={show.websiteUrl}
                    rel="noopener noreferrer"
                    className="text-algae underline underline-offset-4 hover:no-underline"
                  >
                    {t("website", { name })}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
