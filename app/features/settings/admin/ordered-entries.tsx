import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { useTexts } from "~/i18n/screen-lang";
import type { SETTINGS_TEXTS } from "./texts";

type T = ReturnType<typeof useTexts<typeof SETTINGS_TEXTS>>;

/** The buttons of one entry of an ordered list: move up, move down, remove; each names the entry it acts on. */
function EntryActions({
  group,
  item,
  index,
  count,
  min,
  onMove,
  onRemove,
  t,
}: {
  group: string;
  item: string;
  index: number;
  count: number;
  min: number;
  onMove: ((from: number, to: number) => void) | undefined;
  onRemove: (index: number) => void;
  t: T;
}) {
  /** After a move, the same button of the entry's new place keeps the focus (or its other one at an end of the list). */
  const move = (to: number, direction: "up" | "down") => {
    onMove?.(index, to);
    requestAnimationFrame(() => {
      const buttons = [...document.querySelectorAll<HTMLButtonElement>(`[data-group="${group}"][data-index="${to}"]`)];
      (buttons.find((b) => b.dataset.direction === direction && !b.disabled) ?? buttons.find((b) => !b.disabled))?.focus();
    });
  };
  return (
    <div className="flex flex-wrap gap-1">
      {onMove && (
        <>
          <Button
            variant="ghost"
            size="sm"
            data-group={group}
            data-index={index}
            data-direction="up"
            disabled={index === 0}
            aria-label={t("moveUp", { item })}
            onClick={() => move(index - 1, "up")}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            data-group={group}
            data-index={index}
            data-direction="down"
            disabled={index === count - 1}
            aria-label={t("moveDown", { item })}
            onClick={() => move(index + 1, "down")}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </Button>
        </>
      )}
      <Button variant="ghost" size="sm" disabled={count <= min} aria-label={t("remove", { item })} onClick={() => onRemove(index)}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * An ordered list of entries (phones, e-mails, social links, timeline entries): each entry under its title with its
 * buttons, then the button that adds one, disabled at `max`.
 */
export function OrderedEntries({
  group,
  keys,
  itemLabel,
  min,
  max,
  onMove,
  onRemove,
  onAdd,
  addLabel,
  t,
  children,
}: {
  group: string;
  /** One stable key per entry (react-hook-form's field ids). */
  keys: string[];
  itemLabel: (index: number) => string;
  min: number;
  max: number;
  onMove?: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
  addLabel: string;
  t: T;
  children: (index: number, item: string) => ReactNode;
}) {
  return (
    <>
      <ol className="space-y-4">
        {keys.map((key, index) => {
          const item = itemLabel(index);
          return (
            <li key={key} className="space-y-3 rounded-xl border border-slate-200 p-4">
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm font-semibold text-navy">{item}</p>
                <EntryActions
                  group={group}
                  item={item}
                  index={index}
                  count={keys.length}
                  min={min}
                  onMove={onMove}
                  onRemove={onRemove}
                  t={t}
                />
              </div>
              {children(index, item)}
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" disabled={keys.length >= max} onClick={onAdd}>
        <Plus className="size-4" aria-hidden="true" />
        {addLabel}
      </Button>
    </>
  );
}
