import type { ReactNode } from "react";

/**
 * One titled band of the product page (key facts, documents, certifications, details): the same width, spacing, title
 * and range-coloured rule, so consecutive bands read as one page whichever of them a product has.
 */
export function ProductSection({
  id,
  title,
  ink,
  children,
  testId,
}: {
  id: string;
  title: string;
  /** The range's colour, under the title. */
  ink: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section aria-labelledby={id} className="bg-white px-4 py-10 sm:px-6 sm:py-12 lg:px-8" data-testid={testId}>
      <div className="mx-auto max-w-3xl">
        <h2 id={id} className="font-display text-3xl font-semibold tracking-tight text-navy">
          {title}
        </h2>
        <div className="mt-4 h-1 w-16 rounded-full" style={{ backgroundColor: ink }} />
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
