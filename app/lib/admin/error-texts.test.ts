import { LANGUAGES } from "@shared/company";
import { type CodedError, ERROR_CODES, type ErrorParamsMap } from "@shared/error-codes";
import { describe, expect, it } from "vitest";
import { ApiError, apiErrorOf, errorMessage } from "./api";
import { ERROR_TEXTS, errorText } from "./error-texts";

const SAMPLE_PARAMS: ErrorParamsMap = {
  not_found: { item: "product" },
  "role.forbidden": { role: "sales" },
  route_not_found: { method: "GET", path: "/api/nope" },
  "auth.locked": { retryAfterSeconds: 90 },
  rate_limited: { retryAfterSeconds: 30 },
  body_too_large: { maxKb: 1024 },
  database_unavailable: { retryAfterSeconds: 5 },
  "upload.too_large": { maxMb: 10 },
  "document.too_large": { maxMb: 20 },
  "reply.files_too_large": { maxMb: 10 },
  "product.table_repeats_fact": { row: "Durée", fact: "shelfLife", value: "18 mois" },
};

const coded = (code: (typeof ERROR_CODES)[number]): CodedError =>
  ({ code, params: (SAMPLE_PARAMS as Record<string, unknown>)[code] }) as CodedError;

describe("the back office's error texts", () => {
  it("has a French and an English text for every code of the catalogue, each in one language only", () => {
    for (const lang of LANGUAGES) {
      expect(Object.keys(ERROR_TEXTS[lang]).sort(), lang).toEqual([...ERROR_CODES].sort());
      for (const code of ERROR_CODES) {
        const text = errorText(coded(code), lang);
        expect(text.trim(), `${lang} ${code}`).not.toBe("");
        expect(text, `${lang} ${code} is not a "fr / en" pair`).not.toContain(" / ");
      }
    }
  });

  it("fills the params in: the item not found, the wait of a lockout", () => {
    expect(errorText({ code: "not_found", params: { item: "category" } }, "fr")).toBe("Catégorie introuvable");
    expect(errorText({ code: "not_found", params: { item: "category" } }, "en")).toBe("Category not found");
    expect(errorText({ code: "auth.locked", params: { retryAfterSeconds: 90 } }, "fr")).toBe(
      "Compte verrouillé après trop de tentatives : réessayez dans 2 min.",
    );
    expect(errorText({ code: "auth.locked", params: { retryAfterSeconds: 45 } }, "en")).toBe(
      "Account locked after too many attempts: try again in 45 s.",
    );
  });
});

describe("errorMessage", () => {
  const wrongPassword = apiErrorOf(400, {
    error: "Mot de passe actuel incorrect / Current password is incorrect",
    code: "auth.wrong_current_password",
  });

  it("says the code's text in the screen's language, never the server's bilingual pair", () => {
    expect(errorMessage(wrongPassword, "Échec", "fr")).toBe("Mot de passe actuel incorrect");
    expect(errorMessage(wrongPassword, "Failed", "en")).toBe("Current password is incorrect");
  });

  it("keeps the code and params of the answer on the ApiError", () => {
    const locked = apiErrorOf(429, {
      error: "…",
      code: "auth.locked",
      params: { retryAfterSeconds: 120 },
      details: { retryAfterSeconds: 120 },
    });
    expect(locked.code).toBe("auth.locked");
    expect(locked.params).toEqual({ retryAfterSeconds: 120 });
    expect(locked.details).toEqual({ retryAfterSeconds: 120 });
    expect(errorMessage(locked, "Échec", "fr")).toBe("Compte verrouillé après trop de tentatives : réessayez dans 2 min.");
  });

  it("says a refused field's schema message in the screen's language for a validation answer, from its code", () => {
    const refusal = apiErrorOf(400, {
      error: "email: Adresse e-mail invalide / Invalid e-mail address",
      code: "validation",
      details: [{ path: "email", message: "Adresse e-mail invalide / Invalid e-mail address", messageCode: "email.invalid" }],
    });
    expect(errorMessage(refusal, "Échec", "fr")).toBe("Adresse e-mail invalide");
    expect(errorMessage(refusal, "Failed", "en")).toBe("Invalid e-mail address");
    const tooLong = apiErrorOf(400, {
      error: "name: 120 caractères maximum / 120 characters maximum",
      code: "validation",
      details: [
        {
          path: "name",
          message: "120 caractères maximum / 120 characters maximum",
          messageCode: "field.max_chars",
          messageParams: { max: "120" },
        },
      ],
    });
    expect(errorMessage(tooLong, "Échec", "fr")).toBe("120 caractères maximum");
    expect(errorMessage(tooLong, "Failed", "en")).toBe("120 characters maximum");
  });

  it("says a refused field's message as it is when it has no code, and the code's text when it has no field", () => {
    const plain = apiErrorOf(400, { error: "q: Too big", code: "validation", details: [{ path: "q", message: "Too big" }] });
    expect(errorMessage(plain, "Échec", "fr")).toBe("Too big");
    expect(errorMessage(apiErrorOf(400, { error: "Requête invalide / Invalid request", code: "validation" }), "Échec", "fr")).toBe(
      "Certaines valeurs sont invalides",
    );
  });

  it("falls back when the answer has no code it knows, or is not an API answer", () => {
    expect(errorMessage(apiErrorOf(502, "<html>Bad gateway</html>"), "Échec", "fr")).toBe("Échec");
    expect(errorMessage(apiErrorOf(400, { error: "Texte / Text", code: "no.such_code" }), "Échec", "fr")).toBe("Échec");
    expect(errorMessage(new ApiError(400, "Texte / Text"), "Échec", "fr")).toBe("Échec");
    expect(errorMessage(new TypeError("Failed to fetch"), "Échec", "fr")).toBe("Échec");
  });
});
