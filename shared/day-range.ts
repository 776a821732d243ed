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

/** One calendar day (`YYYY-MM-DD`) as a person reads it: "1 mars 2026" / "1 Mar 2026". */
export function formatDay(value: string, lang: Lang): string {
  const date = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : FORMATS[lang].format(date);
}
