import { formatNumber } from "@shared/number-format";
import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/texts";
import { ANALYTICS_TEXTS } from "./texts";

const visits = (lang: "fr" | "en", n: number) =>
  translate(ANALYTICS_TEXTS, lang, "report.visitsCount", { count: n, visits: formatNumber(n, lang) });
const share = (lang: "fr" | "en", percent: number) =>
  translate(ANALYTICS_TEXTS, lang, "report.share", { percent: formatNumber(percent, lang, { maximumFractionDigits: 1 }) });

describe("the audience report's numbers", () => {
  it("writes a visit count in French with thousands grouped by a narrow no-break space, singular up to 1", () => {
    expect(visits("fr", 0)).toBe("0 visite");
    expect(visits("fr", 1)).toBe("1 visite");
    expect(visits("fr", 2)).toBe("2 visites");
    expect(visits("fr", 1234)).toBe("1\u202f234 visites");
    expect(visits("fr", 1_000_000)).toBe("1\u202f000\u202f000 visites");
  });

  it("writes a visit count in English the English way", () => {
    expect(visits("en", 1)).toBe("1 visit");
    expect(visits("en", 0)).toBe("0 visits");
    expect(visits("en", 1234)).toBe("1,234 visits");
  });

  it("gives a share with at most one decimal, a French comma and a space before %", () => {
    expect(share("fr", 100 / 3)).toBe("33,3 %");
    expect(share("fr", 50)).toBe("50 %");
    expect(share("en", 100 / 3)).toBe("33.3%");
  });
});
