import { type ReactNode, useSyncExternalStore } from "react";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { cn } from "~/lib/cn";

export type ListColumn<T> = { key: string; header: ReactNode; cell: (item: T) => ReactNode; className?: string };

type ResponsiveListProps<T> = {
  items: T[];
  columns: ListColumn<T>[];
  /** The phone layout of one item. */
  card: (item: T) => ReactNode;
  cardClassName?: string;
  /** Marks each row (card or table row), for tests. */
  rowTestId: string;
};

/** Tailwind's `md` breakpoint, where the lists turn from cards into a table (the `md:` classes of the rows follow it). */
export const WIDE_LIST_QUERY = "(min-width: 48rem)";

const wideMedia = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(WIDE_LIST_QUERY) : null;

function subscribe(onChange: () => void): () => void {
  const media = wideMedia();
  media?.addEventListener("change", onChange);
  return () => media?.removeEventListener("change", onChange);
}

/** Whether the screen is at least `md` wide, followed as the window is resized; wide where there is no window. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wideMedia()?.matches ?? true,
    () => true,
  );
}

/**
 * The admin lists: cards on phones, a table from the md breakpoint up. Only one of the two is rendered (chosen by a
 * media query, again when the width crosses it), so each row is in the page once whatever the width.
 */
export function ResponsiveList<T extends { _id: string }>({ items, columns, card, cardClassName, rowTestId }: ResponsiveListProps<T>) {
  const wide = useWideScreen();
  if (!wide) {
    return (
      <ul className="divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item._id} className={cn("p-4", cardClassName)} data-testid={rowTestId}>
            {card(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table>
      <THead>
        <TR>
          {columns.map((column) => (
            <TH key={column.key} className={column.key === "actions" ? "text-right" : undefined}>
              {column.header}
            </TH>
          ))}
        </TR>
      </THead>
      <TBody>
        {items.map((item) => (
          <TR key={item._id} data-testid={rowTestId}>
            {columns.map((column) => (
              <TD key={column.key} className={column.className}>
                {column.cell(item)}
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
