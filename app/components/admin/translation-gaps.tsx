import type { Resource } from "@shared/resources/define";
import type { TranslationFilter } from "@shared/schemas/translation";
import { blockGaps, translationGaps } from "@shared/translation-gaps";
import { type ReactNode, useCallback, useMemo } from "react";
import { type Control, type FieldValues, type Path, useWatch } from "react-hook-form";
import { useSearchParams } from "react-router";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { type GapTexts, TranslationGapsProvider, TranslationMarker, TranslationSectionCounts } from "~/components/ui/translation-gaps";
import { TRANSLATION_TEXTS } from "~/i18n/admin/translation";
import { useTexts } from "~/i18n/screen-lang";

/** The same set while the same ids are missing: the fields re-render when a marker comes or goes, not at each key. */
function useIdSet(ids: string[]): ReadonlySet<string> {
  const key = ids.join("\n");
  return useMemo(() => new Set(key === "" ? [] : key.split("\n")), [key]);
}

/**
 * A form's translation completeness, live: the fields of `resource` laid out with ids `<idPrefix>-<field>` show
 * "À traduire" on the empty side of a text written in one language only, and each card counts them
 * (components/ui/translation-gaps.tsx). The same function as the server's stored flag (shared/translation-gaps.ts).
 */
export function FormTranslationGaps<T extends FieldValues>({
  resource,
  control,
  idPrefix,
  children,
}: {
  resource: Resource;
  control: Control<T>;
  idPrefix: string;
  children: ReactNode;
}) {
  const t = useTexts(TRANSLATION_TEXTS);
  const values = useWatch({ control }) as Record<string, unknown>;
  // Parts (a product's blocks) are marked by their own editors (`BlockTranslationGaps`), which know their ids.
  const ids = useIdSet(
    translationGaps(resource, values)
      .filter((gap) => !gap.path.includes("."))
      .map((gap) => `${idPrefix}-${gap.path}`),
  );
  const texts = useMemo<GapTexts>(() => ({ marker: t("marker"), count: (count) => t("count", { count }) }), [t]);
  return (
    <TranslationGapsProvider ids={ids} texts={texts}>
      <TranslationSectionCounts>{children}</TranslationSectionCounts>
    </TranslationGapsProvider>
  );
}

/** One content block's missing translations, for the controls of its editor (ids `<idPrefix>-contentEn`, `<idPrefix>-tableData.en`). */
export function BlockTranslationGaps<T extends FieldValues>({
  control,
  name,
  idPrefix,
  children,
}: {
  control: Control<T>;
  name: Path<T>;
  idPrefix: string;
  children: ReactNode;
}) {
  const block = useWatch({ control, name });
  const ids = useIdSet(blockGaps(block, "").map((gap) => `${idPrefix}-${gap.path.slice(1)}`));
  return <TranslationGapsProvider ids={ids}>{children}</TranslationGapsProvider>;
}

/** The lists' "À traduire" filter, kept in the address (`?translation=missing`) so the dashboard links to it. */
export function useTranslationFilter(): [TranslationFilter, (value: TranslationFilter) => void] {
  const [params, setParams] = useSearchParams();
  const value: TranslationFilter = params.get("translation") === "missing" ? "missing" : undefined;
  const set = useCallback(
    (next: TranslationFilter) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set("translation", next);
          else updated.delete("translation");
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [value, set];
}

/** The toolbar's select of that filter: every item, or those "À traduire". */
export function TranslationFilterSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: TranslationFilter;
  onChange: (value: TranslationFilter) => void;
}) {
  const t = useTexts(TRANSLATION_TEXTS);
  return (
    <LabelledSelect
      id={id}
      label={t("filter")}
      value={value ?? ""}
      onChange={(next) => onChange(next === "missing" ? "missing" : undefined)}
      options={[
        { value: "", label: t("filter.all") },
        { value: "missing", label: t("filter.missing") },
      ]}
      className="min-w-0 sm:w-48"
    />
  );
}

/** A row's quiet "À traduire" badge, when one of its texts is written in one language only. */
export function TranslationBadge({ item }: { item: { needsTranslation: boolean } }) {
  const t = useTexts(TRANSLATION_TEXTS);
  return item.needsTranslation ? <TranslationMarker text={t("marker")} className="mt-1" /> : null;
}
