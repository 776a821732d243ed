import { describe, expect, it } from "vitest";
import { isSpam, MIN_FILL_MS, readFormTime, signFormTime, spamReasons } from "./spam-rules";

const SECRET = "a-secret-of-the-app-for-the-tests-0123456";
const NOW = 1_800_000_000_000;
const filled = signFormTime(SECRET, NOW - 60_000);
const check = (subject: string, message: string, extra: { formToken?: string; website?: string } = {}) =>
  spamReasons({ subject, message, formToken: filled, ...extra }, SECRET, NOW);

describe("spam rules: messages that must pass", () => {
  const buyers: [string, string, string][] = [
    [
      "a French request",
      "Demande de devis",
      "Bonjour, pourriez-vous nous faire une offre pour 2 tonnes d'agar-agar, livraison Marseille ?",
    ],
    [
      "an English request with one link",
      "Sample",
      "Hello, see our products at https://www.lab.example.com — could you send 500 g of Ulva?",
    ],
    ["a request with three links", "Documents", "Specs: https://a.example/1 https://a.example/2 and www.a.example/3 please."],
    ["an Arabic message", "طلب عرض سعر", "مرحبا، نود الحصول على عرض سعر لخمسمائة كيلوغرام من الطحالب المجففة."],
    ["a Cyrillic message", "Запрос", "Здравствуйте, пришлите, пожалуйста, образец порошка водорослей."],
    ["a Chinese message", "询价", "您好，我们想要购买海藻粉样品，请报价。"],
    ["figures and references", "Quantité", "2 x 25 kg, réf. 12-34, livraison 03/2027, merci."],
    ["subject and message the same, without a link", "Demande d'échantillon", "Demande d'échantillon"],
  ];
  for (const [name, subject, message] of buyers) {
    it(`lets ${name} through`, () => expect(check(subject, message)).toEqual([]));
  }

  it("accepts the form's own signed time once the minimum fill time has passed", () => {
    expect(readFormTime(SECRET, filled)).toBe(NOW - 60_000);
    expect(check("Sujet", "Bonjour", { formToken: signFormTime(SECRET, NOW - MIN_FILL_MS) })).toEqual([]);
  });

  it("counts a missing form time as weak: alone it is not spam", () => {
    const reasons = spamReasons({ subject: "Devis", message: "Bonjour, un devis svp." }, SECRET, NOW);
    expect(reasons).toEqual(["no-form-time"]);
    expect(isSpam(reasons)).toBe(false);
    expect(isSpam([...reasons, "too-many-links"])).toBe(true);
  });
});

describe("spam rules: messages that must be caught", () => {
  it("catches a form sent faster than a person fills it, or signed for a cached page still being served", () => {
    expect(check("Devis", "Bonjour", { formToken: signFormTime(SECRET, NOW - 500) })).toEqual(["too-fast"]);
    expect(check("Devis", "Bonjour", { formToken: signFormTime(SECRET, NOW + 800) })).toEqual(["too-fast"]);
    // Off where the minimum is 0 (the browser suite fills forms in milliseconds).
    expect(spamReasons({ subject: "Devis", message: "Bonjour", formToken: signFormTime(SECRET, NOW + 800) }, SECRET, NOW, 0)).toEqual([]);
  });
  it("catches a forged or another secret's form time", () => {
    expect(check("Devis", "Bonjour", { formToken: signFormTime("another-secret", NOW - 60_000) })).toEqual(["forged-form-time"]);
    expect(check("Devis", "Bonjour", { formToken: "yesterday" })).toEqual(["forged-form-time"]);
    expect(readFormTime(SECRET, `${NOW}.${"x".repeat(43)}`)).toBeNull();
  });
  it("catches a filled honeypot", () => expect(check("Devis", "Bonjour", { website: "x" })).toEqual(["honeypot"]));
  it("catches more than three links", () => {
    expect(check("Offer", "http://a.example http://b.example https://c.example www.d.example")).toContain("too-many-links");
  });
  it("catches BBCode links", () => expect(check("Hi", "Nice [URL=http://x.example]site[/URL]")).toContain("bbcode-link"));
  it("catches known spam phrases whatever the case and accents", () => {
    expect(check("Offer", "We sell BACKLINKS cheap")).toContain("spam-phrase");
    expect(check("Offre", "Vïagra pas cher")).toContain("spam-phrase");
  });
  it("catches a message of almost no letters", () => expect(check("$$$", "$$$ 100000 !!! ### 555-555-5555 ***")).toContain("no-letters"));
  it("catches the same link line as subject and message", () => {
    expect(check("http://spam.example/x", "http://spam.example/x")).toContain("subject-is-message");
  });
});
