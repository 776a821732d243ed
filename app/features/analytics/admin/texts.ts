import type { AnalyticsReport, ReportRange } from "@shared/schemas/analytics";

type LangKey = AnalyticsReport["languages"][number]["lang"];
type DeviceKey = AnalyticsReport["devices"][number]["device"];

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")} ${n > 1 ? many : one}`;

/** Texts of the audience report of /admin/analytics (range, charts, sources, languages, devices, products). */
export const REPORT_TEXTS = {
  title: "Audience détaillée",
  intro: "Sans cookie et sans adresse IP : un visiteur unique est compté une fois par jour.",
  rangeLabel: "Période",
  range: (days: ReportRange) => `${days} jours`,
  period: (from: string, to: string) => `Du ${from} au ${to}`,
  visits: "Visites",
  uniqueVisitors: "Visiteurs uniques (par jour)",
  messages: "Messages de contact",
  conversion: "Messages pour 100 visites",
  conversionNone: "—",
  chartTitle: "Visites et visiteurs uniques par jour",
  day: "Jour",
  referrers: "Sites référents",
  referrersEmpty: "Aucune visite venue d'un autre site",
  utmSources: "Sources UTM",
  utmCampaigns: "Campagnes UTM",
  utmEmpty: "Aucune visite avec un paramètre UTM",
  languages: "Langue des pages",
  devices: "Appareils",
  products: "Produits les plus consultés",
  productsEmpty: "Aucune page produit consultée",
  productGone: (slug: string) => `${slug} (supprimé)`,
  empty: "Aucune visite sur la période",
  visitsCount: (n: number) => plural(n, "visite", "visites"),
  share: (percent: number) => `${percent.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} %`,
  lang: { fr: "Français", en: "Anglais", unknown: "Non enregistrée" } satisfies Record<LangKey, string>,
  device: { phone: "Téléphone", tablet: "Tablette", desktop: "Ordinateur", unknown: "Non enregistré" } satisfies Record<DeviceKey, string>,
  exportCsv: "Exporter en CSV",
  exportError: "Échec de l'export CSV",
  exportDone: "Fichier CSV téléchargé",
  loadError: "Échec du chargement de l'audience",
  loading: "Chargement de l'audience…",
} as const;

export const ANALYTICS_TEXTS = {
  visits: "Visites (30j)",
  messages: "Messages reçus",
  unread: (n: number) => `${n} non ${n > 1 ? "lus" : "lu"}`,
  uniquePages: "Pages uniques",
  activeProducts: "Produits actifs",
  ofTotal: (n: number) => `sur ${n} total`,
  tabs: { overview: "Vue d'ensemble", contacts: (n: number) => `Contacts (${n})` },
  chartTitle: "Visites des 7 derniers jours",
  chartLabel: "Nombre de visites",
  visitsCount: (n: number) => `${n} visite${n > 1 ? "s" : ""}`,
  topPages: "Pages les plus visitées",
  noVisits: "Aucune visite enregistrée",
  columns: { name: "Nom", email: "Email", phone: "Numéro de téléphone", subject: "Sujet", date: "Date", status: "Statut" },
  read: "Lu",
  unreadBadge: "Nouveau",
  noContacts: "Aucun message reçu",
  unavailable: "Statistiques indisponibles pour le moment.",
} as const;
