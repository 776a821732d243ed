import type { ReactNode } from "react";
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

/** The admin lists: cards on phones, a table from the md breakpoint up. */
export function ResponsiveList<T extends { _id: string }>({ items, columns, card, cardClassName, rowTestId }: ResponsiveListProps<T>) {
  return (
    <>
      <ul className="divide-y divide-slate-200 md:hidden">
        {items.map((item) => (
          <li key={item._id} className={cn("p-4", cardClassName)} data-testid={rowTestId}>
            {card(item)}
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
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
      </div>
    </>
  );
}
