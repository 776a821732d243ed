import { Microscope, Sprout, Waypoints } from "lucide-react";
import { SectionHeading } from "~/components/site/section-heading";
import { useTexts } from "~/i18n/screen-lang";
import { HOME_SITE_TEXTS } from "./texts";

const VALUES = [
  { id: "traceability", Icon: Waypoints, tint: "bg-algae/10 text-algae" },
  { id: "rigour", Icon: Microscope, tint: "bg-teal/10 text-teal-800" },
  { id: "responsibility", Icon: Sprout, tint: "bg-plants/10 text-plants" },
] as const;

/** Mission statement and the three values, as cards with icons. */
export function MissionValues() {
  const t = useTexts(HOME_SITE_TEXTS);
  return (
    <section aria-labelledby="mission-title" className="bg-sand px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto grid max-w-7xl gap-12 lg:grid-cols-[1fr_1.1fr] lg:gap-20">
        <SectionHeading id="mission-title" eyebrow={t("mission.eyebrow")} title={t("mission.title")} intro={t("mission.text")} />
        <ul className="grid gap-5 md:grid-cols-3 lg:grid-cols-1">
          {VALUES.map(({ id, Icon, tint }) => (
            <li
              key={id}
              className="flex flex-col gap-5 rounded-2xl border border-navy/5 bg-white p-6 shadow-sm lg:flex-row lg:items-start lg:p-7"
            >
              <span className={`flex size-12 shrink-0 items-center justify-center rounded-xl ${tint}`}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-navy">{t(`values.${id}.title` as const)}</h3>
                <p className="mt-2 leading-relaxed text-slate-700">{t(`values.${id}.text` as const)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
