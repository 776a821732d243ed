import { defineTexts } from "../texts";

/** Texts of the rich-text editor of pages and text blocks (`app/components/admin/rich-text-editor.tsx`). */
export const RICH_TEXT_TEXTS = defineTexts({
  fr: {
    toolbar: "Mise en forme du texte",
    paragraph: "Paragraphe",
    heading: "Titre {level}",
    bold: "Gras",
    italic: "Italique",
    bulletList: "Liste à puces",
    orderedList: "Liste numérotée",
    link: "Lien",
    undo: "Annuler",
    redo: "Rétablir",
    "linkForm.title": "Lien sur le texte sélectionné",
    "linkForm.href": "Adresse (https://…, mailto:…, tel:… ou /page)",
    "linkForm.newTab": "Ouvrir dans un nouvel onglet",
    "linkForm.apply": "Appliquer le lien",
    "linkForm.remove": "Retirer le lien",
    "linkForm.cancel": "Annuler",
    "linkForm.invalid": "Adresse refusée : https://…, http://…, mailto:…, tel:… ou un chemin du site commençant par /",
    shortcuts:
      "Raccourcis : Ctrl+B gras, Ctrl+I italique, Ctrl+Z annuler. Dans une liste, Tab et Maj+Tab changent le niveau ; ailleurs, Tab quitte le champ.",
    counter: "{count}/{max} caractères visibles",
  },
  en: {
    toolbar: "Text formatting",
    paragraph: "Paragraph",
    heading: "Heading {level}",
    bold: "Bold",
    italic: "Italic",
    bulletList: "Bulleted list",
    orderedList: "Numbered list",
    link: "Link",
    undo: "Undo",
    redo: "Redo",
    "linkForm.title": "Link on the selected text",
    "linkForm.href": "Address (https://…, mailto:…, tel:… or /page)",
    "linkForm.newTab": "Open in a new tab",
    "linkForm.apply": "Apply the link",
    "linkForm.remove": "Remove the link",
    "linkForm.cancel": "Cancel",
    "linkForm.invalid": "Address refused: https://…, http://…, mailto:…, tel:… or a site path starting with /",
    shortcuts:
      "Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+Z undo. In a list, Tab and Shift+Tab change the level; elsewhere, Tab leaves the field.",
    counter: "{count}/{max} visible characters",
  },
});
