import type { Lang } from "@shared/company";

/** Server and schema messages are written "Français / English": the side for `lang`, or the whole text when unsplit. */
export function localized(message: string, lang: Lang): string {
  const parts = message.split(" / ");
  if (parts.length !== 2) return message;
  return (lang === "fr" ? parts[0] : parts[1])?.trim() || message;
}
