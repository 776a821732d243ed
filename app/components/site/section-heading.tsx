import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Eyebrow, h2 title and an optional intro, aligned left or centred. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "left",
  ink,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: "left" | "center";
  /** Colour of the eyebrow (a text-safe category shade). */
  ink?: string;
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && (
        <p className="text-sm font-semibold uppercase tracking-[0.18em] text-teal-800" style={ink ? { color: ink } : undefined}>
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="mt-3 font-display text-3xl font-semibold tracking-tight text-navy text-balance sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg leading-relaxed text-slate-700 text-pretty">{intro}</p>}
    </div>
  );
}
