import type { CSSProperties, ReactNode } from "react";
import { cn } from "~/lib/cn";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800",
  success: "bg-emerald-100 text-emerald-900",
  warning: "bg-amber-100 text-amber-900",
  danger: "bg-red-100 text-red-900",
  info: "bg-sky-100 text-sky-900",
};

/** A small label; `accent` paints it in a category colour (white text on the colour). */
export function Badge({
  tone = "neutral",
  accent,
  className,
  children,
}: {
  tone?: BadgeTone;
  accent?: string;
  className?: string;
  children: ReactNode;
}) {
  const style: CSSProperties | undefined = accent ? { backgroundColor: accent, color: "#fff" } : undefined;
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", !accent && TONES[tone], className)}
      style={style}
    >
      {children}
    </span>
  );
}
