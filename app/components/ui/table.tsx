import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

export function Table({ className, ...rest }: HTMLAttributes<HTMLTableElement>) {
  return (
    // Focusable so keyboard users can scroll a table wider than the screen (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <div className="w-full overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal" tabIndex={0}>
      <table className={cn("w-full border-collapse text-left text-sm", className)} {...rest} />
    </div>
  );
}
export const THead = ({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) => (
  <thead className={cn("bg-slate-50 text-xs uppercase tracking-wide text-slate-600", className)} {...rest} />
);
export const TBody = ({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) => (
  <tbody className={cn("divide-y divide-slate-200", className)} {...rest} />
);
export const TR = ({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn("align-middle", className)} {...rest} />
);
export const TH = ({ className, scope = "col", ...rest }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope={scope} className={cn("whitespace-nowrap px-4 py-3 font-semibold", className)} {...rest} />
);
export const TD = ({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn("px-4 py-3 text-navy", className)} {...rest} />
);
