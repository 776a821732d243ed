import { describe, expect, it } from "vitest";
import { NOT_FOUND_ITEMS, NOT_FOUND_TEXTS, type NotFoundItem } from "./error-codes";

/** Every item a 404 may name, with its texts as the API has always written them (most derived from a resource's label). */
const EXPECTED: Record<NotFoundItem, { fr: string; en: string }> = {
  product: { fr: "Produit introuvable", en: "Product not found" },
  attachment: { fr: "Pièce jointe introuvable", en: "Attachment not found" },
  content_block: { fr: "Bloc de contenu introuvable", en: "Content block not found" },
  category: { fr: "Catégorie introuvable", en: "Category not found" },
  banner: { fr: "Bannière introuvable", en: "Banner not found" },
  page: { fr: "Page introuvable", en: "Page not found" },
  partner: { fr: "Partenaire introuvable", en: "Partner not found" },
  certification: { fr: "Certification introuvable", en: "Certification not found" },
  trade_show: { fr: "Salon introuvable", en: "Trade show not found" },
  application: { fr: "Application introuvable", en: "Application not found" },
  function: { fr: "Fonction introuvable", en: "Function not found" },
  message: { fr: "Message introuvable", en: "Message not found" },
  session: { fr: "Session introuvable", en: "Session not found" },
  administrator: { fr: "Administrateur introuvable", en: "Administrator not found" },
  invitation: { fr: "Invitation introuvable", en: "Invitation not found" },
  image: { fr: "Image introuvable", en: "Image not found" },
  redirect: { fr: "Redirection introuvable", en: "Redirect not found" },
  media: { fr: "Image introuvable dans la médiathèque", en: "Image not found in the media library" },
  version: { fr: "Version introuvable", en: "Version not found" },
  document: { fr: "Document introuvable", en: "Document not found" },
};

describe("the not-found texts", () => {
  it("name exactly these items", () => {
    expect([...NOT_FOUND_ITEMS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))("%s reads as it always did", (item, texts) => {
    expect(NOT_FOUND_TEXTS[item as NotFoundItem]).toEqual(texts);
  });
});
