import { cn } from "~/lib/cn";

/** A row of toggle buttons of which one is on (filter chips, range switch); wraps on phones. */
export function SegmentedChoice<V extends string | number>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  testId?: string;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2" data-testid={testId}>
      <legend className="sr-only">{label}</legend>
      {options.map((option) => {
        const on = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(option.value)}
            className={cn(
              "min-h-10 rounded-full border px-3.5 text-sm font-medium transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal",
              on ? "border-teal bg-teal text-white" : "border-slate-300 bg-white text-navy hover:bg-slate-50",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </fieldset>
  );
}
