const FRENCH_DATE_TIME = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** docs/product.md, "Languages": dd/mm/yyyy hh:mm in French format. */
export function formatFrenchDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : FRENCH_DATE_TIME.format(date).replace(",", "");
}
