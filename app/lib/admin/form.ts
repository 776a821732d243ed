import { zodResolver } from "@hookform/resolvers/zod";
import type { Lang } from "@shared/company";
import { type DefaultValues, type FieldErrors, type FieldValues, get, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import { localized } from "./messages";

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
 * schema and server messages are written "Français / English".
 */
export function fieldError(errors: FieldErrors, path: string, lang: Lang = "fr"): string | undefined {
  const error: unknown = get(errors, path);
  if (typeof error !== "object" || error === null) return undefined;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && message ? localized(message, lang) : undefined;
}
