import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The navy band that opens a listing page (the search, the product finder): eyebrow, title, then what the page adds. */
export function PageBand({
  id,
  eyebrow,
  title,
  narrow = false,
  children,
}: {
  /** The title's id, which names the band. */
  id: string;
  eyebrow: string;
  title: string;
  /** A reading width (a form under the title) rather than the page's. */
  narrow?: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-navy px-4 py-12 text-white sm:px-6 sm:py-16 lg:px-8">
      <div className={cn("mx-auto", narrow ? "max-w-3xl" : "max-w-7xl")}>
        <p className="text-sm font-semibold uppercase tracking-[0.2em]">{eyebrow}</p>
        <h1 id={id} className="mt-3 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
