import { Field, Select } from "./field";

export type SelectOption<V extends string> = { value: V; label: string };

/**
 * The labelled select of every toolbar (lists, the inbox): the label above, the value typed to its options (a value
 * not among them is never passed on). An "all" choice is one of the options, usually with the value "".
 * `testId` goes on the select itself.
 */
export function LabelledSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  testId,
  className,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  testId?: string;
  className?: string;
}) {
  return (
    <Field label={label} htmlFor={id} className={className ?? "min-w-0 sm:w-60"}>
      <Select
        id={id}
        value={value}
        data-testid={testId}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
