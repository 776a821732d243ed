import { COMPANY } from "@shared/company";
import { SectionHeading } from "~/components/site/section-heading";
import { useTexts } from "~/i18n/screen-lang";
import { HOME_SITE_TEXTS } from "./texts";

const STEPS = ["start", "growth", "today"] as const;
const DOTS = ["bg-algae", "bg-plants", "bg-teal"];

const key = (step: (typeof STEPS)[number], part: "period" | "title" | "text") => `story.${step}.${part}` as const;

/** The company story: 2010 beginnings, 2010-2020 development, today. */
export function Timeline() {
  const t = useTexts(HOME_SITE_TEXTS);
  return (
    <section aria-labelledby="story-title" className="bg-white px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="story-title"
          eyebrow={t("story.eyebrow")}
          title={t("story.title")}
          intro={t("story.intro", { year: COMPANY.since })}
        />
        <div className="relative mt-14">
          <span
            aria-hidden="true"
            className="absolute top-2 bottom-2 left-[0.6875rem] w-px bg-slate-200 md:top-[0.6875rem] md:right-0 md:bottom-auto md:left-0 md:h-px md:w-auto"
          />
          <ol className="relative grid gap-10 md:grid-cols-3 md:gap-8">
            {STEPS.map((step, index) => (
              <li key={step} className="relative pl-10 md:pl-0 md:pt-10">
                <span
                  aria-hidden="true"
                  className={`absolute top-0 left-0 size-6 rounded-full border-4 border-white shadow ring-1 ring-slate-200 ${DOTS[index]}`}
                />
                <p className="font-display text-3xl font-semibold text-navy">{t(key(step, "period"))}</p>
                <h3 className="mt-2 text-lg font-semibold text-navy">{t(key(step, "title"))}</h3>
                <p className="mt-3 leading-relaxed text-slate-700">{t(key(step, "text"))}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
