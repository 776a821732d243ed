import type { AnalyticsReport } from "@shared/schemas/analytics";
import { type CsvCell, frenchDecimal, toCsv } from "../lib/csv";

const LANGUAGE_NAMES: Record<AnalyticsReport["languages"][number]["lang"], string> = {
  fr: "Français",
  en: "Anglais",
  unknown: "Inconnue",
};
const DEVICE_NAMES: Record<AnalyticsReport["devices"][number]["device"], string> = {
  phone: "Téléphone",
  tablet: "Tablette",
  desktop: "Ordinateur",
  unknown: "Inconnu",
};

/**
 * The report as one long table (section, item, visits, unique visitors), so Excel's filter on the first column
 * shows one section at a time. While past days are still being counted, a row under the period says so.
 */
export function reportCsv(report: AnalyticsReport): string {
  const rows: CsvCell[][] = [
    ["Période", `${report.from} → ${report.to}`, null, null],
    // A file carries the statistics screen's notice too: its figures leave out the days not counted yet (decision 0091).
    ...(report.catchingUp
      ? [["Comptage en cours", `Visites jusqu'au ${report.catchingUp.through} pas encore comptées`, null, null] satisfies CsvCell[]]
      : []),
    ["Total", "Visites", report.totals.visits, report.totals.uniqueVisitors],
    ["Total", "Messages de contact", report.totals.messages, null],
    [
      "Total",
      "Messages pour 100 visites",
      report.totals.messagesPer100Visits === null ? null : frenchDecimal(report.totals.messagesPer100Visits),
      null,
    ],
    ...report.byDay.map((row): CsvCell[] => ["Jour", row.day, row.visits, row.uniqueVisitors]),
    ...report.referrers.map((row): CsvCell[] => ["Site référent", row.host, row.visits, null]),
    ...report.utmSources.map((row): CsvCell[] => ["Source UTM", row.source, row.visits, null]),
    ...report.utmCampaigns.map((row): CsvCell[] => ["Campagne UTM", row.campaign, row.visits, null]),
    ...report.languages.map((row): CsvCell[] => ["Langue", LANGUAGE_NAMES[row.lang], row.visits, null]),
    ...report.devices.map((row): CsvCell[] => ["Appareil", DEVICE_NAMES[row.device], row.visits, null]),
    ...report.products.map((row): CsvCell[] => ["Produit", row.name ?? row.slug, row.visits, null]),
    // Searches count in the third column (searches, not visits): the file keeps one table.
    ...report.searches.map((row): CsvCell[] => ["Recherche", row.term, row.count, null]),
    ...report.emptySearches.map((row): CsvCell[] => ["Recherche sans résultat", row.term, row.count, null]),
    // Conversions: one row per product and measure, the count in the third column.
    ...report.conversions.flatMap((row): CsvCell[][] => [
      ["Conversions : vues", row.name, row.views, null],
      ["Conversions : téléchargements", row.name, row.downloads, null],
      ["Conversions : demandes de devis", row.name, row.quoteRequests, null],
    ]),
  ];
  return toCsv(["Rubrique", "Élément", "Visites", "Visiteurs uniques"], rows);
}
