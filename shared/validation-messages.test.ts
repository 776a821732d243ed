import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { documentFieldsSchema } from "./documents";
import { LIMITS } from "./limits";
import { productFactsSchema } from "./product-facts";
import { scheduleTimeSchema } from "./schedule";
import { createAdminInputSchema, secondFactorCodeSchema, totpEnableInputSchema } from "./schemas/admin-security";
import { reportQuerySchema, visitInputSchema } from "./schemas/analytics";
import { changePasswordInputSchema, loginInputSchema, registerInputSchema } from "./schemas/auth";
import {
  calendarDaySchema,
  httpsUrlSchema,
  httpUrlSchema,
  idSchema,
  imageUrlSchema,
  searchQuerySchema,
  slugSchema,
} from "./schemas/common";
import { contactInputSchema, inboxSearchSchema, replyInputSchema } from "./schemas/contact";
import { contentBlockInputSchema } from "./schemas/content-block";
import { historyQuerySchema } from "./schemas/history";
import { mediaPatchSchema, mediaQuerySchema } from "./schemas/media";
import { pageQuerySchema } from "./schemas/page";
import { partnerInputSchema } from "./schemas/partner";
import { privacyEraseInputSchema, privacyExportQuerySchema, privacySummaryQuerySchema } from "./schemas/privacy";
import { productBulkInputSchema } from "./schemas/product";
import { redirectInputSchema } from "./schemas/redirect";
import { richTextSchema } from "./schemas/rich-text";
import { phoneNumberSchema } from "./schemas/settings";
import { siteSearchQuerySchema } from "./schemas/site-search";
import {
  fieldRefusal,
  isValidationCode,
  msg,
  parseValidationMessage,
  refusalMessage,
  VALIDATION_MESSAGES,
  validationApiText,
  validationText,
} from "./validation-messages";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the dictionary of validation messages", () => {
  it("gives every code a French and an English text, with the same placeholders", () => {
    for (const [code, texts] of Object.entries(VALIDATION_MESSAGES)) {
      expect(code, code).toMatch(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/);
      expect(texts.fr.trim(), `${code} fr`).not.toBe("");
      expect(texts.en.trim(), `${code} en`).not.toBe("");
      expect(placeholders(texts.fr), code).toEqual(placeholders(texts.en));
    }
  });

  it("uses every code somewhere in the sources (no text left behind)", () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.endsWith("validation-messages.ts"))
          sources.push(readFileSync(path, "utf8"));
      }
    };
    for (const dir of ["shared", "server", "app"]) walk(dir);
    const all = sources.join("\n");
    const unused = Object.keys(VALIDATION_MESSAGES).filter((code) => !all.includes(`"${code}"`));
    expect(unused).toEqual([]);
  });

  it("keeps the texts the specification quotes word for word (docs/product.md, 'Validation and messages')", () => {
    expect(validationApiText(msg("field.required"))).toBe("Ce champ est requis / This field is required");
    expect(validationApiText(msg("field.max_chars", { max: 200 }))).toBe("200 caractères maximum / 200 characters maximum");
    expect(validationApiText(msg("id.invalid"))).toBe("Identifiant invalide / Invalid id");
    expect(validationText(msg("password.min_chars", { min: LIMITS.passwordMin }), "fr")).toBe("Mot de passe : 12 caractères minimum");
    expect(validationText(msg("reply.empty"), "fr")).toBe("Veuillez saisir votre réponse avant d'envoyer l'email.");
    expect(validationText(msg("sign_in.email_required"), "fr")).toBe("Email requis");
    expect(validationText(msg("password.required"), "fr")).toBe("Mot de passe requis");
  });
});

describe("messages as codes", () => {
  it("writes a code with its parameters as a query string, and reads it back whatever the values", () => {
    expect(msg("field.required")).toBe("field.required");
    expect(msg("field.max_chars", { max: 120 })).toBe("field.max_chars?max=120");
    const odd = "12-34-5&x=1 ?/ é";
    expect(parseValidationMessage(msg("cas.invalid", { value: odd }))).toEqual({ code: "cas.invalid", params: { value: odd } });
    expect(validationText(msg("cas.invalid", { value: odd }), "en")).toBe(`Invalid CAS number (format 9002-18-0, check digit): ${odd}`);
  });

  it("says a code in each language, and the API's text as 'Français / English'", () => {
    expect(validationText(msg("field.max_chars", { max: 80 }), "fr")).toBe("80 caractères maximum");
    expect(validationText(msg("field.max_chars", { max: 80 }), "en")).toBe("80 characters maximum");
    expect(validationApiText(msg("quantity.max", { max: 5 }))).toBe("5 au plus / 5 at most");
  });

  it("leaves any other text as it is: zod's own messages, unknown codes", () => {
    for (const text of ["Invalid input: expected string, received undefined", "no.such_code", "no.such_code?max=1", ""]) {
      expect(parseValidationMessage(text)).toBeNull();
      expect(validationText(text, "en")).toBe(text);
      expect(validationApiText(text)).toBe(text);
    }
    expect(isValidationCode("toString")).toBe(false);
    expect(isValidationCode("field.required")).toBe(true);
  });

  it("builds the API's refused field with its code and parameters, and the client reads them back", () => {
    const refusal = fieldRefusal("nameFr", msg("field.max_chars", { max: 120 }));
    expect(refusal).toEqual({
      path: "nameFr",
      message: "120 caractères maximum / 120 characters maximum",
      messageCode: "field.max_chars",
      messageParams: { max: "120" },
    });
    expect(validationText(refusalMessage(refusal) ?? "", "en")).toBe("120 characters maximum");
    expect(fieldRefusal("slug", msg("slug.required"))).toEqual({
      path: "slug",
      message: "Slug requis / Slug is required",
      messageCode: "slug.required",
    });
    expect(fieldRefusal("q", "Too big")).toEqual({ path: "q", message: "Too big" });
    expect(refusalMessage({ messageCode: "no.such_code" })).toBeNull();
  });
});

/** Every issue of a refused parse, as the codes of its messages (null for a message that is no code). */
function issueCodes(schema: z.ZodType, input: unknown): (string | null)[] {
  const result = schema.safeParse(input);
  expect(result.success, JSON.stringify(input)).toBe(false);
  return (result.error?.issues ?? []).map((issue) => parseValidationMessage(issue.message)?.code ?? null);
}

describe("the schemas' messages are codes of the dictionary", () => {
  const link = (href: string) => ({
    type: "doc",
    content: [{ type: "paragraph", content: [{ type: "text", text: "lien", marks: [{ type: "link", attrs: { href } }] }] }],
  });
  const long = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x".repeat(20) }] }] };

  it.each<[string, z.ZodType, unknown, string[]]>([
    [
      "the contact form",
      contactInputSchema,
      { fullName: "", email: "ada", phone: "abc", subject: "a\nb", message: "", quantity: "-1" },
      ["field.required", "email.invalid", "phone.invalid", "field.single_line", "quantity.invalid", "field.required"],
    ],
    ["a reply", replyInputSchema, { replyMessage: "   " }, ["reply.empty"]],
    ["an empty reply body", replyInputSchema, {}, ["reply.empty"]],
    ["a redirect", redirectInputSchema, { fromPath: "", toPath: "/api/x" }, ["field.required", "redirect.reserved_path"]],
    [
      "a redirect off the site",
      redirectInputSchema,
      { fromPath: "//evil", toPath: `/${"x".repeat(1000)}` },
      ["redirect.invalid_path", "field.max_chars"],
    ],
    ["a sign-in", loginInputSchema, { email: "", password: "" }, ["sign_in.email_required", "password.required"]],
    ["a registration", registerInputSchema, { email: "ada", password: "short" }, ["email.invalid", "password.min_chars"]],
    [
      "a password change",
      changePasswordInputSchema,
      { currentPassword: "", newPassword: "x".repeat(300) },
      ["password.current_required", "password.max_chars"],
    ],
    [
      "the same new password",
      changePasswordInputSchema,
      { currentPassword: "kelp-tide-42!", newPassword: "kelp-tide-42!" },
      ["password.same_as_current"],
    ],
    ["a new administrator", createAdminInputSchema, { email: "ada", mode: "magic" }, ["email.invalid", "admin.mode"]],
    ["a TOTP activation", totpEnableInputSchema, { code: "12", password: "" }, ["totp.code", "password.required"]],
    ["a second factor", secondFactorCodeSchema, "abc", ["totp.code_or_recovery"]],
    ["a history filter", historyQuerySchema, { type: "spaceship" }, ["type.unknown"]],
    ["a page of a list", pageQuerySchema, { limit: "0", cursor: "@@" }, ["page.limit", "page.cursor"]],
    ["a site search", siteSearchQuerySchema, { page: "0" }, ["search.page"]],
    ["a too long search", searchQuerySchema(5), "kelp forest", ["search.too_long"]],
    ["a report range", reportQuerySchema, { days: "8" }, ["report.days"]],
    ["a visit", visitInputSchema, { pagePath: "//evil.example" }, ["visit.page_path"]],
    [
      "an inbox filter",
      inboxSearchSchema,
      { filter: "x", productId: "x", requestType: "x", folder: "x" },
      ["inbox.filter", "inbox.product_id", "inbox.request_type", "inbox.folder"],
    ],
    ["a media filter", mediaQuerySchema, { unused: "maybe" }, ["media.unused"]],
    [
      "a media patch",
      mediaPatchSchema,
      { altFr: "x".repeat(400), altEn: "", decorative: false, focalX: 101, focalY: 1.5 },
      ["field.max_chars", "media.focal_point", "media.focal_point"],
    ],
    ["a privacy summary", privacySummaryQuerySchema, { email: "ada", page: "0" }, ["email.invalid", "privacy.page"]],
    ["a privacy export", privacyExportQuerySchema, { email: "ada@example.com", format: "xml" }, ["privacy.format"]],
    ["an erasure", privacyEraseInputSchema, { email: "ada@example.com", confirm: "bob@example.com" }, ["privacy.confirm_mismatch"]],
    ["a bulk action", productBulkInputSchema, { ids: [], action: "activate" }, ["product.bulk_none"]],
    ["a bulk move", productBulkInputSchema, { ids: ["3f1b2c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d"], action: "move" }, ["category.required"]],
    [
      "a table block",
      contentBlockInputSchema,
      { type: "table", contentFr: "x".repeat(LIMITS.tableTitle + 1) },
      ["block.table_title_max_chars"],
    ],
    [
      "an image block",
      contentBlockInputSchema,
      { type: "image", contentFr: "x".repeat(LIMITS.textBlockContent + 1) },
      ["block.content_max_chars", "image.required"],
    ],
    ["a rich text", richTextSchema(5), long, ["field.max_chars"]],
    ["a rich text link", richTextSchema(50), link("javascript:alert(1)"), ["rich_text.invalid_link"]],
    [
      "product facts",
      productFactsSchema,
      { casNumbers: "123-45-6", moqQuantity: -1, moqUnit: "barrel", shelfLifeMonths: 0.5 },
      ["cas.invalid", "quantity.positive", "unit.unknown", "shelf_life.whole_months"],
    ],
    ["too many CAS numbers", productFactsSchema, { casNumbers: Array(6).fill("7732-18-5").join(", ") }, ["cas.too_many"]],
    ["facts out of range", productFactsSchema, { moqQuantity: 1.0001, shelfLifeMonths: 0 }, ["quantity.decimals", "shelf_life.min"]],
    [
      "document fields",
      documentFieldsSchema,
      { kind: "x", language: "x", visibility: "x", documentDate: "2020" },
      ["document.kind", "document.language", "date.format", "document.visibility"],
    ],
    ["a schedule time", scheduleTimeSchema, "tomorrow", ["schedule.invalid_time"]],
    [
      "a partner",
      partnerInputSchema,
      { name: "", logoUrl: "", websiteUrl: "ftp://x", orderIndex: -1 },
      ["field.required", "image.required", "image.invalid", "url.invalid", "order.min"],
    ],
    [
      "a partner's order",
      partnerInputSchema,
      { name: "A", logoUrl: "/uploads/a.webp", websiteUrl: "https://a.tn", orderIndex: 1.5 },
      ["order.integer"],
    ],
    ["a phone number", phoneNumberSchema, "call me", ["phone.invalid"]],
    ["a slug", slugSchema, "Bad Slug", ["slug.format"]],
    ["an empty slug", slugSchema, " ", ["slug.required", "slug.format"]],
    ["an id", idSchema, "42", ["id.invalid"]],
    ["an image address", imageUrlSchema, "/uploads/../etc", ["image.path_walks"]],
    ["an image elsewhere", imageUrlSchema, "ftp://x/a.png", ["image.invalid"]],
    ["a website", httpUrlSchema, "javascript:alert(1)", ["url.invalid"]],
    ["a verification link", httpsUrlSchema, "http://a.tn", ["url.https_required"]],
    ["a day", calendarDaySchema, "2027-02-30", ["date.invalid"]],
    ["a day's format", calendarDaySchema, "30/02/2027", ["date.invalid_format", "date.invalid"]],
  ])("%s", (_label, schema, input, codes) => {
    expect(issueCodes(schema, input)).toEqual(codes);
  });
});
