import type { SettingsData } from "@shared/schemas/settings";
import { SectionHeading } from "~/components/site/section-heading";
import { useLang } from "~/i18n/lang-context";

const DOTS = ["bg-algae", "bg-plants", "bg-teal"];

/** The company story and its timeline (site settings: entries added, removed and reordered in the back office). */
export function Timeline({ story }: { story: SettingsData["home"]["story"] }) {
  const { lang } = useLang();
  return (
    <section aria-labelledby="story-title" className="bg-white px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="story-title" eyebrow={story.eyebrow[lang]} title={story.title[lang]} intro={story.intro[lang]} />
        <div className="relative mt-14">
          <span
            aria-hidden="true"
            className="absolute top-2 bottom-2 left-[0.6875rem] w-px bg-slate-200 md:top-[0.6875rem] md:right-0 md:bottom-auto md:left-0 md:h-px md:w-auto"
          />
          <ol className="relative grid gap-10 md:grid-cols-3 md:gap-8">
            {story.entries.map((entry, index) => (
              // Entries have no id: their position is what an admin edits.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once on the server and never reordered in place
              <li key={index} className="relative pl-10 md:pl-0 md:pt-10">
                <span
                  aria-hidden="true"
                  className={`absolute top-0 left-0 size-6 rounded-full border-4 border-white shadow ring-1 ring-slate-200 ${DOTS[index % DOTS.length]}`}
                />
                <p className="font-display text-3xl font-semibold text-navy">{entry.period[lang]}</p>
                <h3 className="mt-2 text-lg font-semibold text-navy">{entry.title[lang]}</h3>
                <p className="mt-3 leading-relaxed text-slate-700">{entry.text[lang]}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
