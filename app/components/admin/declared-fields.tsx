import type { Lang } from "@shared/company";
import type { Fields } from "@shared/resources/define";
import { type Control, Controller, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from "react-hook-form";
import { Checkbox, describedBy, Field, Input, Textarea } from "~/components/ui/field";
import { fieldError } from "~/lib/admin/form";
import { ImageUploadField } from "./image-upload-field";

const INPUT_TYPES: Partial<Record<string, string>> = { url: "url", integer: "number", day: "date", date: "datetime-local" };

/**
 * The fields of a resource as its declaration describes them (shared/resources): each by its kind and label, in
 * declaration order. A form lays out by hand the fields it wants to (`skip`) and leaves the rest here, so a field added
 * to the declaration shows up in the form with no further edit. Images are upload fields (given the form's `control`,
 * and `onUploading` to hold the save while one uploads); rich text needs its editor, laid out by the form.
 */
export function DeclaredFields<T extends FieldValues>({
  fields,
  idPrefix,
  register,
  errors,
  lang,
  skip = [],
  control,
  onUploading,
}: {
  fields: Fields;
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  lang: Lang;
  skip?: readonly string[];
  control?: Control<T>;
  onUploading?: (field: string, busy: boolean) => void;
}) {
  const shown = Object.entries(fields).filter(
    ([name, field]) => !skip.includes(name) && field.kind !== "rich" && (field.kind !== "image" || control !== undefined),
  );
  if (shown.length === 0) return null;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {shown.map(([name, field]) => {
        const id = `${idPrefix}-${name}`;
        const label = field.label[lang];
        const error = fieldError(errors, name, lang);
        const path = name as Path<T>;
        if (field.kind === "image" && control)
          return (
            <div key={name} className="md:col-span-2">
              <Controller
                control={control}
                name={path}
                render={({ field: input }) => (
                  <ImageUploadField
                    id={id}
                    label={label}
                    value={typeof input.value === "string" ? input.value : ""}
                    onChange={input.onChange}
                    onUploadingChange={(busy) => onUploading?.(name, busy)}
                    error={error}
                  />
                )}
              />
            </div>
          );
        if (field.kind === "boolean")
          return (
            <div key={name} className="flex items-end pb-2">
              <Checkbox id={id} label={label} {...register(path)} />
            </div>
          );
        // Required: what a new form starts with is refused by the field's own validator.
        const required = !field.input.safeParse(field.initial).success;
        const common = { id, invalid: Boolean(error), "aria-required": required, "aria-describedby": describedBy(id, { error }) };
        return (
          <Field
            key={name}
            label={label}
            htmlFor={id}
            error={error}
            required={required}
            className={field.kind === "longText" ? "md:col-span-2" : undefined}
          >
            {field.kind === "longText" ? (
              <Textarea rows={3} {...common} {...register(path)} />
            ) : (
              <Input type={INPUT_TYPES[field.kind] ?? "text"} {...common} {...register(path)} />
            )}
          </Field>
        );
      })}
    </div>
  );
}
