import type { SettingsData } from "@shared/schemas/settings";
import { Microscope, Sprout, Waypoints } from "lucide-react";
import { SectionHeading } from "~/components/site/section-heading";
import { useLang } from "~/i18n/lang-context";

/** The look of each of the three value cards, in order (their texts are site settings). */
const LOOKS = [
  { Icon: Waypoints, tint: "bg-algae/10 text-algae" },
  { Icon: Microscope, tint: "bg-teal/10 text-teal-800" },
  { Icon: Sprout, tint: "bg-plants/10 text-plants" },
] as const;

/** Mission statement and the three values, as cards with icons. */
export function MissionValues({ mission, values }: Pick<SettingsData["home"], "mission" | "values">) {
  const { lang } = useLang();
  return (
    <section aria-labelledby="mission-title" className="bg-sand px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto grid max-w-7xl gap-12 lg:grid-cols-[1fr_1.1fr] lg:gap-20">
        <SectionHeading id="mission-title" eyebrow={mission.eyebrow[lang]} title={mission.title[lang]} intro={mission.text[lang]} />
        <ul className="grid gap-5 md:grid-cols-3 lg:grid-cols-1">
          {values.map((value, index) => {
            const { Icon, tint } = LOOKS[index % LOOKS.length] ?? LOOKS[0];
            return (
              <li
                key={tint}
                className="flex flex-col gap-5 rounded-2xl border border-navy/5 bg-white p-6 shadow-sm lg:flex-row lg:items-start lg:p-7"
              >
                <span className={`flex size-12 shrink-0 items-center justify-center rounded-xl ${tint}`}>
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-navy">{value.title[lang]}</h3>
                  <p className="mt-2 leading-relaxed text-slate-700">{value.text[lang]}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
