import { tradeShowResource } from "@shared/resources/trade-shows";
import { describe, expect, it } from "vitest";
import { type TextKey, translate } from "~/i18n/texts";
import { type DeclaredScreenTexts, declaredScreenTexts, type ScreenTextsSource } from "./declared-screen-texts";

type Key = TextKey<DeclaredScreenTexts>;

const { label, admin } = tradeShowResource;
if (!admin?.screen) throw new Error("trade shows declare their screen");
const tradeShows = declaredScreenTexts({ label, admin: { nav: admin.nav, screen: admin.screen } });

/** The texts of the trade-shows screen when it was written by hand: the generated ones must not change a word. */
const TRADE_SHOW_TEXTS: [Key, string, string][] = [
  ["title", "Salons", "Trade shows"],
  [
    "intro",
    "Les salons où les acheteurs peuvent vous rencontrer : la page d'accueil montre ceux qui ne sont pas terminés.",
    "Trade shows where buyers can meet you: the home page shows those not over yet.",
  ],
  ["add", "Ajouter un salon", "Add a trade show"],
  ["formTitle.create", "Nouveau salon", "New trade show"],
  ["formTitle.edit", "Modifier le salon", "Edit trade show"],
  ["save", "Enregistrer le salon", "Save trade show"],
  ["loading", "Chargement des salons...", "Loading trade shows..."],
  ["loadError", "Impossible de charger les salons", "Failed to load trade shows"],
  ["empty", "Aucun salon. Cliquez sur « Ajouter un salon » pour en créer un.", 'No trade shows. Click "Add a trade show" to create one.'],
  ["status", "Statut", "Status"],
  ["actions", "Actions", "Actions"],
  ["active", "Actif", "Active"],
  ["inactive", "Inactif", "Inactive"],
  ["toggleLabel", "Salon actif : {name}", "Trade show active: {name}"],
  ["edit", "Modifier", "Edit"],
  ["editLabel", "Modifier {name}", "Edit {name}"],
  ["delete", "Supprimer", "Delete"],
  ["deleteLabel", "Supprimer {name}", "Delete {name}"],
  ["deleteTitle", "Supprimer le salon", "Delete trade show"],
  ["deleteConfirm", "Voulez-vous vraiment supprimer ce salon ?", "Are you sure you want to delete this trade show?"],
  ["saved", "Salon enregistré", "Trade show saved"],
  ["deleted", "Salon supprimé", "Trade show deleted"],
  ["saveError", "Le salon n'a pas pu être enregistré", "Failed to save trade show"],
  ["deleteError", "Le salon n'a pas pu être supprimé", "Failed to delete trade show"],
  ["more", "Charger plus", "Load more"],
  ["loadingMore", "Chargement...", "Loading..."],
];

const source = (fr: ScreenTextsSource["label"]["fr"], en: ScreenTextsSource["label"]["en"]): ScreenTextsSource => ({
  label: { fr, en },
  admin: { nav: { fr: "Titre", en: "Title" }, screen: { intro: { fr: "Intro", en: "Intro" } } },
});
const certifications = declaredScreenTexts(
  source({ one: "certification", other: "certifications", gender: "f" }, { one: "certification", other: "certifications" }),
);
const events = declaredScreenTexts(source({ one: "événement", other: "événements", gender: "m" }, { one: "event", other: "events" }));
const offers = declaredScreenTexts(source({ one: "offre", other: "offres", gender: "f" }, { one: "offer", other: "offers" }));

describe("the texts of a declared screen, made from its declaration", () => {
  it.each(TRADE_SHOW_TEXTS)("trade shows, %s, are today's words", (key, fr, en) => {
    expect(translate(tradeShows, "fr", key)).toBe(fr);
    expect(translate(tradeShows, "en", key)).toBe(en);
  });

  it("the hand-written screen's keys are all generated (but the columns, which the declaration labels)", () => {
    expect(Object.keys(tradeShows.fr).sort()).toEqual(TRADE_SHOW_TEXTS.map(([key]) => key).sort());
  });

  it.each<[string, DeclaredScreenTexts, Key, string]>([
    ["feminine", certifications, "add", "Ajouter une certification"],
    ["feminine", certifications, "formTitle.create", "Nouvelle certification"],
    ["feminine", certifications, "formTitle.edit", "Modifier la certification"],
    ["feminine", certifications, "saved", "Certification enregistrée"],
    ["feminine", certifications, "deleted", "Certification supprimée"],
    ["feminine", certifications, "deleteTitle", "Supprimer la certification"],
    ["feminine", certifications, "deleteConfirm", "Voulez-vous vraiment supprimer cette certification ?"],
    ["feminine", certifications, "empty", "Aucune certification. Cliquez sur « Ajouter une certification » pour en créer une."],
    ["feminine", certifications, "toggleLabel", "Certification active : {name}"],
    ["feminine", certifications, "saveError", "La certification n'a pas pu être enregistrée"],
    ["masculine before a vowel", events, "formTitle.create", "Nouvel événement"],
    ["masculine before a vowel", events, "formTitle.edit", "Modifier l'événement"],
    ["masculine before a vowel", events, "deleteConfirm", "Voulez-vous vraiment supprimer cet événement ?"],
    ["masculine before a vowel", events, "deleteError", "L'événement n'a pas pu être supprimé"],
    ["feminine before a vowel", offers, "deleteConfirm", "Voulez-vous vraiment supprimer cette offre ?"],
    ["feminine before a vowel", offers, "save", "Enregistrer l'offre"],
  ])("%s: %s", (_case, texts, key, expected) => {
    expect(translate(texts, "fr", key)).toBe(expected);
  });

  it("English takes 'an' before a vowel", () => {
    expect(translate(offers, "en", "add")).toBe("Add an offer");
    expect(translate(offers, "en", "empty")).toBe('No offers. Click "Add an offer" to create one.');
  });
});
