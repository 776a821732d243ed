import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/texts";
import { CATEGORY_SITE_TEXTS } from "./texts";

describe("the category page's product count", () => {
  it("says one reference in the singular and more in the plural, in both languages", () => {
    expect(translate(CATEGORY_SITE_TEXTS, "fr", "count", { count: 1 })).toBe("1 référence");
    expect(translate(CATEGORY_SITE_TEXTS, "fr", "count", { count: 4 })).toBe("4 références");
    expect(translate(CATEGORY_SITE_TEXTS, "en", "count", { count: 1 })).toBe("1 product");
    expect(translate(CATEGORY_SITE_TEXTS, "en", "count", { count: 4 })).toBe("4 products");
  });
});
