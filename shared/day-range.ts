import type { Lang } from "./company";

const FORMATS: Record<Lang, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
};

/** Calendar days (`YYYY-MM-DD`, no time zone) as a person reads them: "11–13 mai 2027" / "11–13 May 2027". */
export function formatDayRange(first: string, last: string, lang: Lang): string {
  const day = (value: string) => new Date(`${value}T12:00:00Z`);
  return FORMATS[lang].formatRange(day(first), day(last));
}
