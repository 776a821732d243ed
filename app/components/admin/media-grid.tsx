import { lacksAltText, type Media } from "@shared/schemas/media";
import { Search, TriangleAlert } from "lucide-react";
import { type KeyboardEvent, useDeferredValue, useRef, useState } from "react";
import { LoadMore } from "~/components/admin/load-more";
import { Checkbox, Input } from "~/components/ui/field";
import { useTexts } from "~/i18n/screen-lang";
import { defineTexts, type TextKey, type TextParams } from "~/i18n/texts";
import { thumbnailOf, useMediaList } from "~/lib/admin/media";
import { cn } from "~/lib/cn";

/** Texts of the media library grid, shared by `/admin/media` and the picker of every image field. */
export const MEDIA_GRID_TEXTS = defineTexts({
  fr: {
    search: "Rechercher une image (nom de fichier, texte alternatif)",
    unused: "Non utilisées",
    missingAlt: "Sans texte alternatif",
    grid: "Images de la médiathèque",
    loading: "Chargement des images...",
    loadError: "Impossible de charger les images",
    empty: "Aucune image",
    noMatch: "Aucune image pour cette recherche",
    more: "Charger plus",
    moreLoading: "Chargement...",
    shown: "{shown} images sur {total}",
    used: "Utilisée {count} fois",
    notUsed: "Non utilisée",
    noAlt: "sans texte alternatif",
    decorative: "décorative",
  },
  en: {
    search: "Search an image (file name, alt text)",
    unused: "Unused",
    missingAlt: "No alt text",
    grid: "Media library images",
    loading: "Loading images...",
    loadError: "Could not load the images",
    empty: "No image",
    noMatch: "No image for this search",
    more: "Load more",
    moreLoading: "Loading...",
    shown: "{shown} images of {total}",
    used: "Used {count} times",
    notUsed: "Unused",
    noAlt: "no alt text",
    decorative: "decorative",
  },
});

/** What a thumbnail's button says: its name, alt text and use. */
function itemLabel(item: Media, t: (key: TextKey<typeof MEDIA_GRID_TEXTS>, params?: TextParams) => string): string {
  const alt = item.decorative ? t("decorative") : lacksAltText(item) ? t("noAlt") : item.altFr;
  const use = item.usageCount > 0 ? t("used", { count: item.usageCount }) : t("notUsed");
  return [item.fileName || item.url.split("/").pop(), alt, use].filter(Boolean).join(" — ");
}

/**
 * The images of the library as a grid of buttons, with a search box, the "Non utilisées" filter and "Charger plus".
 * Keyboard: Tab reaches the grid, Tab or the arrow keys move between images, Enter (or Space) chooses one.
 */
export function MediaGrid({
  idPrefix,
  selectedId,
  onSelect,
  columns = "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4",
  initialMissingAlt = false,
}: {
  idPrefix: string;
  /** Opens on the images lacking alt text (the dashboard's link). */
  initialMissingAlt?: boolean;
  selectedId?: string | null;
  onSelect: (media: Media) => void;
  columns?: string;
}) {
  const t = useTexts(MEDIA_GRID_TEXTS);
  const [search, setSearch] = useState("");
  const [unused, setUnused] = useState(false);
  const [missingAlt, setMissingAlt] = useState(initialMissingAlt);
  const q = useDeferredValue(search.trim());
  const list = useMediaList(q, unused, missingAlt);
  const gridRef = useRef<HTMLUListElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(gridRef.current?.querySelectorAll<HTMLButtonElement>("button[data-media]") ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const perRow = Math.max(1, Math.round((gridRef.current?.clientWidth ?? 1) / (buttons[0]?.parentElement?.clientWidth || 1)));
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: perRow,
      ArrowUp: -perRow,
      Home: -index,
      End: buttons.length - 1 - index,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, index + move))]?.focus();
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3">
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            id={`${idPrefix}-search`}
            type="search"
            aria-label={t("search")}
            placeholder={t("search")}
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={200}
          />
        </div>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          <Checkbox id={`${idPrefix}-unused`} label={t("unused")} checked={unused} onChange={(e) => setUnused(e.target.checked)} />
          <Checkbox
            id={`${idPrefix}-missing-alt`}
            label={t("missingAlt")}
            checked={missingAlt}
            onChange={(e) => setMissingAlt(e.target.checked)}
          />
        </div>
      </div>
      <div aria-live="polite" className="text-sm text-slate-600">
        {list.isPending && t("loading")}
        {list.isError && <span className="text-red-700">{t("loadError")}</span>}
        {list.isSuccess && list.items.length === 0 && (q || unused || missingAlt ? t("noMatch") : t("empty"))}
      </div>
      {list.items.length > 0 && (
        <ul ref={gridRef} className={cn("grid gap-3", columns)} onKeyDown={onKeyDown} aria-label={t("grid")}>
          {list.items.map((item) => (
            <li key={item._id}>
              <button
                type="button"
                data-media={item._id}
                aria-pressed={selectedId === undefined ? undefined : selectedId === item._id}
                aria-label={itemLabel(item, t)}
                onClick={() => onSelect(item)}
                className={cn(
                  "group block w-full overflow-hidden rounded-xl border bg-slate-50 text-left transition focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-700",
                  selectedId === item._id ? "border-teal-700 ring-2 ring-teal-700" : "border-slate-200 hover:border-slate-400",
                )}
              >
                <img
                  src={thumbnailOf(item)}
                  alt=""
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                  style={{ objectPosition: `${item.focalX}% ${item.focalY}%` }}
                />
                <span className="block truncate px-2 py-1 text-xs text-slate-700">
                  {item.usageCount > 0 ? t("used", { count: item.usageCount }) : t("notUsed")}
                </span>
                {lacksAltText(item) && (
                  <span className="flex items-start gap-1 px-2 pb-1.5 text-xs font-medium text-amber-900">
                    <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                    {t("missingAlt")}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        list={list}
        label={t("more")}
        loadingLabel={t("moreLoading")}
        shown={list.total !== null ? t("shown", { shown: list.items.length, total: list.total }) : null}
      />
    </div>
  );
}
