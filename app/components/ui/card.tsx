import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "~/lib/cn";
import { TranslationCount, TranslationSection, useTracksTranslations } from "./translation-gaps";

/** A card; inside a form that tracks translations, also a section counting its missing ones (./translation-gaps.tsx). */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <TranslationSection>
      <div className={cn("rounded-2xl border border-slate-200 bg-white shadow-sm", className)} {...rest} />
    </TranslationSection>
  );
}

/** A card's heading row; `headingId` names the heading, for a card that is a labelled group. */
export function CardHeader({
  title,
  description,
  actions,
  headingId,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  headingId?: string;
}) {
  const tracked = useTracksTranslations();
  const heading = (
    <h2 id={headingId} className="text-base font-semibold text-navy">
      {title}
    </h2>
  );
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
      <div>
        {tracked ? (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {heading}
            <TranslationCount />
          </div>
        ) : (
          heading
        )}
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
