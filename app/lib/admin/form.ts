import { zodResolver } from "@hookform/resolvers/zod";
import type { Lang } from "@shared/company";
import { refusalMessage, validationText } from "@shared/validation-messages";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormProps,
  type UseFormSetError,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "./api";
import { errorText } from "./error-texts";

/**
 * The one form hook of the back office: react-hook-form validated by a shared zod schema of `shared/schemas`.
 * Submit handlers receive the schema's parsed output; `fieldError` shows the schema's messages.
 */
export function useZodForm<Out extends FieldValues, In extends FieldValues>(
  schema: z.ZodType<Out, In>,
  options: Omit<UseFormProps<In, unknown, Out>, "resolver" | "defaultValues"> & { defaultValues: DefaultValues<In> },
) {
  return useForm<In, unknown, Out>({ ...options, resolver: zodResolver(schema) });
}

/**
 * The message of the field at `path` (dots for nesting, e.g. "contentBlocks.2.contentFr") in the screen's language:
 * the schema's message is a code of `shared/validation-messages.ts`, said from its dictionary; any other text (a
 * screen's own, a server text without a code) is shown as it is.
 */
export function fieldError(errors: FieldErrors, path: string, lang: Lang = "fr"): string | undefined {
  const error: unknown = get(errors, path);
  if (typeof error !== "object" || error === null) return undefined;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && message ? validationText(message, lang) : undefined;
}

/**
 * Puts the field messages of a 400 answer under their fields: its `details` (`[{ path, message, messageCode?,
 * messageParams? }]`, one per issue of the route schema) whose path is among `fields`, the first message of each: its
 * code when it has one (then `fieldError` says it in the screen's language, like the form's own check), else its text.
 * Checks only the server makes (the breached-password list) read the same way: when the answer's code names the first
 * refusal (e.g. `password.too_weak`), its text in `lang` is shown there. Returns whether any was shown.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  lang: Lang = "fr",
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details)) return false;
  const shown = new Set<Path<T>>();
  for (const detail of error.details as unknown[]) {
    if (typeof detail !== "object" || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    const field = fields.find((name) => name === path);
    if (field === undefined || shown.has(field) || typeof message !== "string") continue;
    const coded = detail === error.details[0] && error.coded?.code !== "validation" ? error.coded : undefined;
    const shownMessage = coded ? errorText(coded, lang) : (refusalMessage(detail) ?? message);
    setError(field, { type: "server", message: shownMessage }, { shouldFocus: shown.size === 0 });
    shown.add(field);
  }
  return shown.size > 0;
}
