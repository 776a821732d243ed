import type { Lang } from "@shared/company";

/** Dates in e-mails are written as the company reads them, in Bizerte (Africa/Tunis), whoever reads them. */
const TUNIS_DATE_PARTS = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Africa/Tunis",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Fixed English month names: ICU's short names change between versions ("Sep", "Sept"). */
const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** French as `format` writes it with TUNIS_DATE_PARTS' options; checked, so another ICU's pattern falls back to the parts. */
const FRENCH_DATE = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/** A timestamp in Tunis time: fr "03/11/2026 10:02", en "3 Nov 2026 10:02". */
export function mailDate(lang: Lang, isoDate: string): string {
  const date = new Date(isoDate);
  if (lang === "fr") {
    // A third of the parts' cost, and none of their garbage: a CSV export writes two dates for each of 20,000 messages.
    const french = TUNIS_DATE_PARTS.format(date);
    if (FRENCH_DATE.test(french)) return french;
  }
  const parts = Object.fromEntries(TUNIS_DATE_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  const time = `${parts.hour}:${parts.minute}`;
  if (lang === "fr") return `${parts.day}/${parts.month}/${parts.year} ${time}`;
  return `${Number(parts.day)} ${EN_MONTHS[Number(parts.month) - 1]} ${parts.year} ${time}`;
}

/** The line above a quoted message: "Le 03/11/2026 10:02, Author a écrit :" / "On 3 Nov 2026 10:02, Author wrote:". */
export function quoteHeader(lang: Lang, isoDate: string, author: string): string {
  return lang === "fr" ? `Le ${mailDate("fr", isoDate)}, ${author} a écrit :` : `On ${mailDate("en", isoDate)}, ${author} wrote:`;
}

/** A message quoted as mail clients do: each line after "> ", an empty line as ">". */
export function quotedLines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => (line ? `> ${line}` : ">"));
}
