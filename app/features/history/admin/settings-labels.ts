import type { Lang } from "@shared/company";
import { type TextKey, translate } from "~/i18n/texts";
import { SETTINGS_TEXTS } from "../../settings/admin/texts";

type SettingsKey = TextKey<typeof SETTINGS_TEXTS>;

/**
 * The settings form's label of each place of the settings document, by path pattern (`#` an index). A list item
 * label takes its position (`{n}`, from 1). Places not listed (an e-mail's address under its item) add nothing.
 */
const LABELS: Record<string, SettingsKey> = {
  company: "sections.company",
  home: "sections.home",
  footer: "sections.footer",
  "company.address": "company.address",
  "company.emails": "company.emails",
  "company.emails.#": "company.email",
  "company.emails.#.label": "company.label",
  "company.phones": "company.phones",
  "company.phones.#": "company.phone",
  "company.phones.#.label": "company.label",
  "company.hours": "company.hours",
  "company.social": "company.social",
  "company.social.#": "social.item",
  "company.social.#.label": "company.socialLabel",
  "company.social.#.url": "company.socialUrl",
  "company.mapUrl": "company.mapUrl",
  "home.hero": "home.hero",
  "home.story": "home.story",
  "home.story.eyebrow": "home.eyebrow",
  "home.story.title": "home.heading",
  "home.story.intro": "home.intro",
  "home.story.entries": "home.timeline",
  "home.story.entries.#": "home.entry",
  "home.story.entries.#.period": "home.period",
  "home.story.entries.#.title": "home.entryTitle",
  "home.story.entries.#.text": "home.entryText",
  "home.mission": "home.mission",
  "home.mission.eyebrow": "home.eyebrow",
  "home.mission.title": "home.heading",
  "home.mission.text": "home.missionText",
  "home.values": "home.values",
  "home.values.#": "home.value",
  "home.values.#.title": "home.valueTitle",
  "home.values.#.text": "home.valueText",
  "home.cta": "home.cta",
  "home.cta.title": "home.ctaTitle",
  "home.cta.text": "home.ctaText",
  "home.cta.button": "home.ctaButton",
  "footer.about": "footer.about",
  "footer.followText": "footer.followText",
  "footer.credit": "footer.credit",
};

/**
 * A settings path as the form names it: `home.values.0.title.fr` → "Page d'accueil › Valeur 1 › Titre (Français)".
 * Null for a path the form does not have (it is then shown as is).
 */
export function settingsFieldLabel(path: string, lang: Lang): string | null {
  const parts: string[] = [];
  let pattern = "";
  let language: "fr" | "en" | null = null;
  for (const segment of path.split(".")) {
    if ((segment === "fr" || segment === "en") && LABELS[pattern] !== undefined) {
      language = segment;
      continue;
    }
    const index = /^\d+$/.test(segment) ? Number(segment) : null;
    pattern = pattern ? `${pattern}.${index === null ? segment : "#"}` : segment;
    const key = LABELS[pattern];
    if (key === undefined) {
      if (index === null && !pattern.endsWith(".email") && !pattern.endsWith(".number")) return null;
      continue;
    }
    parts.push(translate(SETTINGS_TEXTS, lang, key, { n: (index ?? 0) + 1 }));
  }
  if (parts.length === 0) return null;
  const label = parts.join(" › ");
  return language ? `${label} (${translate(SETTINGS_TEXTS, lang, language)})` : label;
}
