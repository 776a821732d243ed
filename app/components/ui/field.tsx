import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import { TranslationMarker, useTranslationGap } from "./translation-gaps";

// focus-within too: a date-time field's calendar button, inside the field, takes the focus without the field matching :focus.
const CONTROL =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-navy shadow-sm placeholder:text-slate-500 " +
  "focus:border-teal focus:outline-none focus:ring-1 focus:ring-teal focus-within:border-teal focus-within:ring-1 focus-within:ring-teal disabled:bg-slate-100 " +
  "aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/30";

type FieldProps = {
  label: ReactNode;
  htmlFor: string;
  error?: string | undefined;
  hint?: ReactNode;
  counter?: { value: number; max: number };
  required?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * A field's label with its required mark: a `<label>` for a native control (`htmlFor`), else a `<span>` that the
 * control names with aria-labelledby (`id`), for controls that are not form elements (the rich-text editor).
 */
export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const content = (
    <>
      {children}
      {required && (
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      )}
    </>
  );
  const className = "block text-sm font-medium text-navy";
  return htmlFor ? (
    <label htmlFor={htmlFor} id={id} className={className}>
      {content}
    </label>
  ) : (
    <span id={id} className={className}>
      {content}
    </span>
  );
}

/** Label, control, hint/counter and error; the control should use `describedBy(htmlFor, …)` for aria-describedby. */
export function Field({ label, htmlFor, error, hint, counter, required, className, children }: FieldProps) {
  const over = counter ? counter.value > counter.max : false;
  // In a form that tracks translations: "À traduire" beside the label of the empty side of a one-language text.
  const gap = useTranslationGap(htmlFor);
  const labelElement = (
    <FieldLabel htmlFor={htmlFor} required={required}>
      {label}
    </FieldLabel>
  );
  return (
    <div data-field="" className={cn("space-y-1.5", className)}>
      {gap ? (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {labelElement}
          <TranslationMarker text={gap} />
        </div>
      ) : (
        labelElement
      )}
      {children}
      {(hint || counter) && (
        <div id={`${htmlFor}-hint`} className="flex justify-between gap-3 text-xs text-slate-600">
          <span>{hint}</span>
          {counter && (
            <span className={cn("tabular-nums", over && "font-semibold text-red-700")} aria-live="polite">
              {counter.value}/{counter.max}
            </span>
          )}
        </div>
      )}
      {error && (
        <p id={`${htmlFor}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-describedby value for a control inside a Field. */
export function describedBy(id: string, { error, hint }: { error?: string | undefined; hint?: boolean }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type Invalid = { invalid?: boolean };

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Invalid>(function Input(
  { invalid, className, ...rest },
  ref,
) {
  return <input ref={ref} aria-invalid={invalid || undefined} className={cn(CONTROL, "h-11", className)} {...rest} />;
});

/** The common case of a Field holding one Input: label, required mark, error and aria wiring in one element. */
export const InputField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; error?: string | undefined }
>(function InputField({ id, label, error, required = true, ...rest }, ref) {
  return (
    <Field label={label} htmlFor={id} error={error} required={required}>
      <Input ref={ref} id={id} required={required} invalid={Boolean(error)} aria-describedby={describedBy(id, { error })} {...rest} />
    </Field>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Invalid>(function Textarea(
  { invalid, className, rows = 4, ...rest },
  ref,
) {
  return <textarea ref={ref} rows={rows} aria-invalid={invalid || undefined} className={cn(CONTROL, "py-2.5", className)} {...rest} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Invalid>(function Select(
  { invalid, className, ...rest },
  ref,
) {
  return <select ref={ref} aria-invalid={invalid || undefined} className={cn(CONTROL, "h-11 pr-8", className)} {...rest} />;
});

export const Checkbox = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode }>(
  function Checkbox({ label, className, id, ...rest }, ref) {
    return (
      <label htmlFor={id} className={cn("inline-flex cursor-pointer items-center gap-2 text-sm text-navy", className)}>
        <input ref={ref} id={id} type="checkbox" className="size-4 rounded border-slate-400 accent-teal" {...rest} />
        {label}
      </label>
    );
  },
);

/** A form-level error (e.g. a refused sign-in), announced when it appears; nothing when empty. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
