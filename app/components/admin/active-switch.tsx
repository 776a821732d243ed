import { cn } from "~/lib/cn";

/** The active/inactive switch of a list row (products, partners); `label` names the item for screen readers. */
export function ActiveSwitch({
  checked,
  label,
  onText,
  offText,
  onToggle,
}: {
  checked: boolean;
  label: string;
  onText: string;
  offText: string;
  onToggle: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      onClick={() => onToggle(!checked)}
      className="inline-flex items-center gap-2 rounded-full text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
    >
      <span className={cn("relative h-6 w-11 rounded-full transition", checked ? "bg-emerald-600" : "bg-slate-400")}>
        <span
          className={cn("absolute top-0.5 size-5 rounded-full bg-white shadow transition-all", checked ? "left-[1.375rem]" : "left-0.5")}
        />
      </span>
      <span className={checked ? "text-emerald-800" : "text-slate-600"}>{checked ? onText : offText}</span>
    </button>
  );
}

/** The same state as text, for a role that may not switch it. */
export function ActiveStatus({ checked, onText, offText }: { checked: boolean; onText: string; offText: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm font-medium">
      <span className={cn("size-2.5 rounded-full", checked ? "bg-emerald-600" : "bg-slate-400")} aria-hidden="true" />
      <span className={checked ? "text-emerald-800" : "text-slate-600"}>{checked ? onText : offText}</span>
    </span>
  );
}
