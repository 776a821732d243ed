import type { Lang } from "@shared/company";

/**
 * The messages of the shared schemas (`shared/schemas`, checked by the forms and, for a refused field, sent back in a
 * 400's `details`) are written "Français / English": the side for `lang`, or the whole text when unsplit. Error answers
 * are not split: the back office writes them from their code (app/lib/admin/error-texts.ts).
 */
export function localized(message: string, lang: Lang): string {
  const parts = message.split(" / ");
  if (parts.length !== 2) return message;
  return (lang === "fr" ? parts[0] : parts[1])?.trim() || message;
}
