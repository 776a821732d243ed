import { describe, expect, it } from "vitest";
import { defineTexts, translate } from "./texts";

const TEXTS = defineTexts({
  fr: { hello: "Bonjour {name}", shown: { one: "{count} message affiché", other: "{count} messages affichés" } },
  en: { hello: "Hello {name}", shown: { one: "{count} message shown", other: "{count} messages shown" } },
});

describe("translate", () => {
  it("fills the parameters of the text in the asked language", () => {
    expect(translate(TEXTS, "fr", "hello", { name: "Amel" })).toBe("Bonjour Amel");
    expect(translate(TEXTS, "en", "hello", { name: "Amel" })).toBe("Hello Amel");
  });

  it("chooses the plural form by the language's rules: French counts 0 and 1 as one, English only 1", () => {
    expect(translate(TEXTS, "fr", "shown", { count: 0 })).toBe("0 message affiché");
    expect(translate(TEXTS, "fr", "shown", { count: 2 })).toBe("2 messages affichés");
    expect(translate(TEXTS, "en", "shown", { count: 0 })).toBe("0 messages shown");
    expect(translate(TEXTS, "en", "shown", { count: 1 })).toBe("1 message shown");
  });

  it("leaves a placeholder whose parameter is not given as written", () => {
    expect(translate(TEXTS, "fr", "hello", {})).toBe("Bonjour {name}");
  });
});
