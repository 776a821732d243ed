import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { cn } from "~/lib/cn";

/**
 * Translation completeness in a form (docs/product.md, "Langues"): the form says which of its controls (by id) hold
 * the empty side of a text written in the other language only; a `Field`, a rich text editor or a language tab with
 * one of these ids shows the quiet "À traduire" marker, and the nearest section (a `Card`) counts them in its header.
 * Texts come with the context (the admin provider gives them), so the public site's fields never read admin texts.
 */
export type GapTexts = { marker: string; count: (count: number) => string };
type Gaps = { ids: ReadonlySet<string>; texts: GapTexts };

const GapsContext = createContext<Gaps | null>(null);
type Section = { ids: ReadonlySet<string>; add: (id: string) => void; remove: (id: string) => void };
const SectionContext = createContext<Section | null>(null);

/** The controls of `children` whose translation is missing, by id; `texts` defaults to the enclosing provider's. */
export function TranslationGapsProvider({ ids, texts, children }: { ids: ReadonlySet<string>; texts?: GapTexts; children: ReactNode }) {
  const outer = useContext(GapsContext);
  const shared = texts ?? outer?.texts;
  const value = useMemo(() => (shared ? { ids, texts: shared } : null), [ids, shared]);
  return <GapsContext.Provider value={value}>{children}</GapsContext.Provider>;
}

/**
 * Whether the control `id` misses its translation; a missing one is counted by the nearest section while shown.
 * Answers the marker's text, or null.
 */
export function useTranslationGap(id: string | undefined): string | null {
  const gaps = useContext(GapsContext);
  const section = useContext(SectionContext);
  const missing = id !== undefined && gaps?.ids.has(id) === true;
  const add = section?.add;
  const remove = section?.remove;
  useEffect(() => {
    if (!missing || !id || !add || !remove) return;
    add(id);
    return () => remove(id);
  }, [missing, id, add, remove]);
  return missing && gaps ? gaps.texts.marker : null;
}

/** The quiet marker beside a label: "À traduire". */
export function TranslationMarker({ text, className }: { text: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200",
        className,
      )}
      data-testid="translation-marker"
    >
      {text}
    </span>
  );
}

/** The marker of the control `id` when its translation is missing, else nothing. */
export function TranslationGapMarker({ id, className }: { id: string; className?: string }) {
  const text = useTranslationGap(id);
  return text ? <TranslationMarker text={text} className={className} /> : null;
}

/** How many missing translations each named section holds, for a navigation that names them (`TranslationSectionCount`). */
type NamedCounts = { counts: ReadonlyMap<string, number>; report: (name: string, count: number) => void };
const NamedCountsContext = createContext<NamedCounts | null>(null);

/** Holds the counts of the named sections below it (a form's provider does). */
export function TranslationSectionCounts({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(() => new Map());
  const report = useCallback(
    (name: string, count: number) => setCounts((current) => (current.get(name) === count ? current : new Map(current).set(name, count))),
    [],
  );
  const value = useMemo(() => ({ counts, report }), [counts, report]);
  return <NamedCountsContext.Provider value={value}>{children}</NamedCountsContext.Provider>;
}

/**
 * A section of a form that counts the missing translations shown inside it, its inner sections' included (a `Card` is
 * one inside a form that tracks them); a `name`d one also reports its count to `TranslationSectionCount`.
 */
export function TranslationSection({ name, children }: { name?: string; children: ReactNode }) {
  const gaps = useContext(GapsContext);
  const parent = useContext(SectionContext);
  const named = useContext(NamedCountsContext);
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const parentAdd = parent?.add;
  const parentRemove = parent?.remove;
  const add = useCallback(
    (id: string) => {
      setIds((current) => (current.has(id) ? current : new Set(current).add(id)));
      parentAdd?.(id);
    },
    [parentAdd],
  );
  const remove = useCallback(
    (id: string) => {
      setIds((current) => {
        if (!current.has(id)) return current;
        const next = new Set(current);
        next.delete(id);
        return next;
      });
      parentRemove?.(id);
    },
    [parentRemove],
  );
  const report = named?.report;
  useEffect(() => {
    if (name && report) report(name, ids.size);
  }, [name, report, ids.size]);
  const section = useMemo(() => ({ ids, add, remove }), [ids, add, remove]);
  if (gaps === null) return <>{children}</>;
  return <SectionContext.Provider value={section}>{children}</SectionContext.Provider>;
}

/** "2 à traduire" for the section `name` (a link of a form's section navigation), or nothing. */
export function TranslationSectionCount({ name, className }: { name: string; className?: string }) {
  const gaps = useContext(GapsContext);
  const count = useContext(NamedCountsContext)?.counts.get(name) ?? 0;
  if (!gaps || count === 0) return null;
  return <TranslationMarker text={gaps.texts.count(count)} className={className} />;
}

/** "2 à traduire" for the enclosing section, or nothing when none is missing. */
export function TranslationCount({ className }: { className?: string }) {
  const gaps = useContext(GapsContext);
  const section = useContext(SectionContext);
  const count = section?.ids.size ?? 0;
  if (!gaps || count === 0) return null;
  return <TranslationMarker text={gaps.texts.count(count)} className={cn("font-semibold", className)} />;
}

/** Whether a form above tracks translations (a `Card` then counts its own). */
export const useTracksTranslations = () => useContext(GapsContext) !== null;
