import { describe, expect, it } from "vitest";
import { settingsFieldLabel } from "./settings-labels";

describe("settings paths read as the settings form names them", () => {
  it("names a value card's title by section, card position and language", () => {
    expect(settingsFieldLabel("home.values.0.title.fr", "fr")).toBe("Page d'accueil › Les trois valeurs › Valeur 1 › Titre (Français)");
    expect(settingsFieldLabel("home.values.2.text.en", "en")).toMatch(/Value 3 › Text \(English\)$/);
  });

  it("names company contacts and footer texts, and gives up (null) on a path the form does not have", () => {
    expect(settingsFieldLabel("company.phones.1.label.fr", "fr")).toBe("Entreprise › Numéros de téléphone › Numéro 2 › Libellé (Français)");
    expect(settingsFieldLabel("footer.credit.en", "fr")).toBe("Pied de page › Crédit (Anglais)");
    expect(settingsFieldLabel("company.emails", "fr")).toBe("Entreprise › Adresses e-mail");
    expect(settingsFieldLabel("nowhere.at.all", "fr")).toBeNull();
  });
});
