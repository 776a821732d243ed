import { describe, expect, it } from "vitest";
import { barFitsFrom } from "./nav-links";

const DEMO_FR = ["Accueil", "Les algues", "Les plantes", "Actifs biologiques", "Contactez-nous"];

describe("barFitsFrom", () => {
  it.each([
    ["the demo's three categories, in French (612 px measured at 1024 px)", DEMO_FR, "lg"],
    ["a fourth short category fits from 1280 px only", [...DEMO_FR.slice(0, 4), "Épices", "Contactez-nous"], "xl"],
    [
      "three more long categories never fit: the menu button shows at every width",
      [...DEMO_FR.slice(0, 4), "Extraits végétaux marins", "Actifs cosmétiques biologiques", "Plantes côtières séchées", "Contactez-nous"],
      "never",
    ],
    ["Home and Contact alone", ["Home", "Contact Us"], "lg"],
  ] as const)("%s", (_name, labels, expected) => {
    expect(barFitsFrom(labels)).toBe(expected);
  });
});
