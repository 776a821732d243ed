import type { Resource } from "@shared/resources/define";
import type { Label } from "@shared/resources/fields";
import { defineTexts } from "~/i18n/texts";

/** The words of every declared screen that do not name the resource. */
const GENERIC_TEXTS = defineTexts({
  fr: {
    status: "Statut",
    actions: "Actions",
    active: "Actif",
    inactive: "Inactif",
    edit: "Modifier",
    editLabel: "Modifier {name}",
    delete: "Supprimer",
    deleteLabel: "Supprimer {name}",
    more: "Charger plus",
    loadingMore: "Chargement...",
  },
  en: {
    status: "Status",
    actions: "Actions",
    active: "Active",
    inactive: "Inactive",
    edit: "Edit",
    editLabel: "Edit {name}",
    delete: "Delete",
    deleteLabel: "Delete {name}",
    more: "Load more",
    loadingMore: "Loading...",
  },
});

/** What a declared screen's sentences are made of: the resource's names, its sidebar title and its intro. */
export type ScreenTextsSource = Pick<Resource, "label"> & {
  readonly admin: { readonly nav: Label; readonly screen: { readonly intro: Label } };
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The French words agreeing with the noun: its articles, "ce" and the adjectives, elided or not before a vowel. */
function frenchWords(noun: string, gender: "m" | "f") {
  const vowel = /^[aeiouyàâäéèêëîïôöùûü]/i.test(noun);
  const feminine = gender === "f";
  const agree = (masculine: string, feminineForm: string) => (feminine ? feminineForm : masculine);
  return {
    a: agree("un", "une"),
    the: vowel ? "l'" : agree("le ", "la "),
    this: feminine ? "cette" : vowel ? "cet" : "ce",
    new: feminine ? "Nouvelle" : vowel ? "Nouvel" : "Nouveau",
    none: agree("Aucun", "Aucune"),
    active: agree("actif", "active"),
    saved: agree("enregistré", "enregistrée"),
    deleted: agree("supprimé", "supprimée"),
  };
}

/** English's article by the first letter (a rough rule: "a user" would need a declared exception). */
const englishArticle = (noun: string) => (/^[aeio]/i.test(noun) ? "an" : "a");

/**
 * The texts of a declared screen (app/components/admin/declared-screen.tsx): the generic words, and the sentences made
 * from the declaration's names (`label`, its French `gender`, masculine unless told), title (`admin.nav`) and intro.
 */
export function declaredScreenTexts({ label, admin }: ScreenTextsSource) {
  const { one: un, other: des, gender = "m" } = label.fr;
  const { one, other } = label.en;
  const fr = frenchWords(un, gender);
  const a = englishArticle(one);
  return defineTexts({
    fr: {
      ...GENERIC_TEXTS.fr,
      title: admin.nav.fr,
      intro: admin.screen.intro.fr,
      add: `Ajouter ${fr.a} ${un}`,
      "formTitle.create": `${fr.new} ${un}`,
      "formTitle.edit": `Modifier ${fr.the}${un}`,
      save: `Enregistrer ${fr.the}${un}`,
      loading: `Chargement des ${des}...`,
      loadError: `Impossible de charger les ${des}`,
      empty: `${fr.none} ${un}. Cliquez sur « Ajouter ${fr.a} ${un} » pour en créer ${fr.a}.`,
      toggleLabel: `${capitalize(un)} ${fr.active} : {name}`,
      deleteTitle: `Supprimer ${fr.the}${un}`,
      deleteConfirm: `Voulez-vous vraiment supprimer ${fr.this} ${un} ?`,
      saved: `${capitalize(un)} ${fr.saved}`,
      deleted: `${capitalize(un)} ${fr.deleted}`,
      saveError: `${capitalize(fr.the)}${un} n'a pas pu être ${fr.saved}`,
      deleteError: `${capitalize(fr.the)}${un} n'a pas pu être ${fr.deleted}`,
    },
    en: {
      ...GENERIC_TEXTS.en,
      title: admin.nav.en,
      intro: admin.screen.intro.en,
      add: `Add ${a} ${one}`,
      "formTitle.create": `New ${one}`,
      "formTitle.edit": `Edit ${one}`,
      save: `Save ${one}`,
      loading: `Loading ${other}...`,
      loadError: `Failed to load ${other}`,
      empty: `No ${other}. Click "Add ${a} ${one}" to create one.`,
      toggleLabel: `${capitalize(one)} active: {name}`,
      deleteTitle: `Delete ${one}`,
      deleteConfirm: `Are you sure you want to delete this ${one}?`,
      saved: `${capitalize(one)} saved`,
      deleted: `${capitalize(one)} deleted`,
      saveError: `Failed to save ${one}`,
      deleteError: `Failed to delete ${one}`,
    },
  });
}

export type DeclaredScreenTexts = ReturnType<typeof declaredScreenTexts>;
