import { formatNumber } from "@shared/number-format";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { useScreenLang } from "~/i18n/screen-lang";
import { cn } from "~/lib/cn";

export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
  tone = "teal",
}: {
  label: string;
  value: number | string;
  detail?: ReactNode;
  icon: LucideIcon;
  tone?: "teal" | "algae" | "plants" | "actives";
}) {
  const tones = {
    teal: "bg-teal/10 text-teal",
    algae: "bg-algae/10 text-algae",
    plants: "bg-plants/10 text-plants",
    actives: "bg-actives/10 text-actives",
  } as const;
  const lang = useScreenLang();
  return (
    <Card className="flex items-start gap-4 p-5">
      <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl", tones[tone])}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-semibold tabular-nums text-navy">
          {typeof value === "number" ? formatNumber(value, lang) : value}
        </p>
        {detail && <div className="mt-1 text-xs text-slate-600">{detail}</div>}
      </div>
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">{children}</div>;
}
