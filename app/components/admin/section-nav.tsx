import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { TranslationSection, TranslationSectionCount } from "~/components/ui/translation-gaps";
import { cn } from "~/lib/cn";

/** One section of a long form: the id of its element and the short name its link shows. */
export type FormSectionLink = { id: string; label: string };

/**
 * The band of the window whose sections count as "being read": below the sticky header and section bar, down to 45 %
 * of the height (as an IntersectionObserver root margin).
 */
const READING_BAND = "-140px 0px -55% 0px";

/**
 * The section to highlight: the first, in the form's order, that crosses the reading band; while none does (the gap
 * between two cards), the one highlighted before.
 */
export function currentSection(order: readonly string[], crossing: ReadonlySet<string>, previous: string): string {
  return order.find((id) => crossing.has(id)) ?? previous;
}

/** Follows which section of `ids` is being read, as the page scrolls. */
function useCurrentSection(ids: readonly string[]): [string, (id: string) => void] {
  const [current, setCurrent] = useState(ids[0] ?? "");
  const key = ids.join(" ");
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const order = key.split(" ");
    const crossing = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) crossing.add(entry.target.id);
          else crossing.delete(entry.target.id);
        }
        setCurrent((previous) => currentSection(order, crossing, previous));
      },
      { rootMargin: READING_BAND },
    );
    for (const id of order) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key]);
  return [current, setCurrent];
}

/**
 * The in-page navigation of a long form: a bar that stays under the header and scrolls sideways, and from 1536 px a
 * column beside the form (narrower, the form keeps its width for French and English side by side). The section being
 * read is highlighted (`aria-current`); a link scrolls to its section and moves the focus there, so the keyboard
 * carries on from it.
 */
export function SectionNav({ sections, label, children }: { sections: readonly FormSectionLink[]; label: string; children: ReactNode }) {
  const [current, setCurrent] = useCurrentSection(sections.map((section) => section.id));
  const listRef = useRef<HTMLOListElement>(null);

  // The bar keeps the highlighted link in view (it scrolls sideways on a phone), without moving the page.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>(`a[href="#${current}"]`);
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    const left = link.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + link.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: Math.max(0, left - 16) });
    }
  }, [current]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    setCurrent(id);
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
    target.focus({ preventScroll: true });
  };

  return (
    <div className="2xl:grid 2xl:grid-cols-[11rem_minmax(0,1fr)] 2xl:items-start 2xl:gap-6">
      <nav
        aria-label={label}
        className={cn(
          "sticky top-16 z-10 -mx-4 mb-6 border-b border-slate-200 bg-slate-100/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6",
          "2xl:top-22 2xl:mx-0 2xl:mb-0 2xl:border-0 2xl:bg-transparent 2xl:p-0 2xl:backdrop-blur-none",
        )}
      >
        <ol ref={listRef} className="flex gap-1 overflow-x-auto [scrollbar-width:thin] 2xl:flex-col 2xl:overflow-visible">
          {sections.map((section) => (
            <li key={section.id} className="shrink-0">
              <a
                href={`#${section.id}`}
                aria-current={current === section.id ? "location" : undefined}
                onClick={(event) => go(event, section.id)}
                className={cn(
                  "block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-white hover:text-navy",
                  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal",
                  "aria-[current=location]:bg-white aria-[current=location]:text-navy aria-[current=location]:shadow-sm",
                  "2xl:border-l-2 2xl:border-transparent 2xl:whitespace-normal 2xl:aria-[current=location]:border-teal",
                )}
              >
                {section.label}
                <TranslationSectionCount name={section.id} className="ml-2" />
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="min-w-0 space-y-6">{children}</div>
    </div>
  );
}

/**
 * One section of a form with a `SectionNav`: a landmark named like its heading, the target of its link (placed below
 * the sticky header and bar), focusable by script only.
 */
export function FormSection({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <section id={id} aria-label={label} tabIndex={-1} className="scroll-mt-32 focus:outline-none 2xl:scroll-mt-22">
      <TranslationSection name={id}>{children}</TranslationSection>
    </section>
  );
}
