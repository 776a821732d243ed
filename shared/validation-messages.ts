import type { Lang } from "./company";

/**
 * The validation messages of the shared schemas, once, in both languages: server and client read the same texts.
 *
 * A schema never writes a text: its zod message is a code made by `msg`, e.g. `msg("field.required")` is
 * `"field.required"` and `msg("field.max_chars", { max: 200 })` is `"field.max_chars?max=200"`: the code, then the
 * parameters as a URL query string (`?name=value&…`, values percent-encoded, so any value, e.g. a refused CAS number,
 * survives). A text's parameters are its `{name}` placeholders, filled in by `validationText`.
 *
 * - The back office (`fieldError`, `errorMessage`) says `validationText(message, lang)`: the text of the screen's language.
 * - The API's 400 `validation` answer keeps its readable `message`, `validationApiText(message)` ("Français / English",
 *   or the one text when both are the same), and adds the code as `messageCode`, with `messageParams` when its text has
 *   some (`FieldRefusal`); `refusalMessage` turns them back into the message.
 * - A message that is not a known code (zod's own English defaults, a server text) is shown as it is.
 *
 * Codes are stable lower-dot names, like the error codes of `shared/error-codes.ts` (a different catalogue: these name a
 * field's refusal, those a whole answer). Texts the specification quotes (docs/product.md, "Validation and messages")
 * are kept word for word.
 */
export const VALIDATION_MESSAGES = {
  // Any text
  "field.required": { fr: "Ce champ est requis", en: "This field is required" },
  "field.max_chars": { fr: "{max} caractères maximum", en: "{max} characters maximum" },
  "field.single_line": { fr: "Une seule ligne", en: "Single line only" },
  "search.too_long": { fr: "Recherche trop longue ({max} caractères maximum)", en: "Search too long ({max} characters maximum)" },
  // Identifiers, addresses, dates
  "id.invalid": { fr: "Identifiant invalide", en: "Invalid id" },
  "slug.required": { fr: "Slug requis", en: "Slug is required" },
  "slug.format": { fr: "Slug: lettres minuscules, chiffres et tirets", en: "lowercase letters, digits and hyphens" },
  "url.invalid": { fr: "URL invalide (http:// ou https://)", en: "Invalid URL (http:// or https://)" },
  "url.https_required": { fr: "URL invalide (https:// requis)", en: "Invalid URL (https:// required)" },
  "email.invalid": { fr: "Adresse e-mail invalide", en: "Invalid e-mail address" },
  "phone.invalid": { fr: "Numéro de téléphone invalide", en: "Invalid phone number" },
  "date.invalid_format": { fr: "Date invalide (AAAA-MM-JJ)", en: "Invalid date (YYYY-MM-DD)" },
  "date.invalid": { fr: "Date invalide", en: "Invalid date" },
  "date.format": { fr: "Date AAAA-MM-JJ", en: "Date YYYY-MM-DD" },
  "schedule.invalid_time": { fr: "Date et heure invalides", en: "Invalid date and time" },
  "schedule.end_after_start": { fr: "La fin doit être après le début", en: "The end must be after the start" },
  "redirect.invalid_path": {
    fr: "Chemin invalide : il commence par / et reste sur ce site",
    en: "Invalid path: it starts with / and stays on this site",
  },
  "redirect.reserved_path": {
    fr: "Les chemins /api, /assets, /uploads et /admin ne se redirigent pas",
    en: "/api, /assets, /uploads and /admin paths are not redirected",
  },
  "trade_show.last_day_after_first": { fr: "Le dernier jour suit le premier", en: "The last day comes on or after the first" },
  // Images
  "image.required": { fr: "Image requise", en: "Image is required" },
  "image.invalid": { fr: "Adresse d'image invalide", en: "Invalid image address" },
  "image.path_walks": {
    fr: "Adresse d'image invalide : chemin avec « . », « .. », « // » ou « \\ »",
    en: 'Invalid image address: path with ".", "..", "//" or "\\"',
  },
  "media.invalid_id": { fr: "Identifiant d'image invalide", en: "Invalid image id" },
  "media.focal_point": { fr: "Point focal: 0 à 100", en: "Focal point: 0 to 100" },
  "upload.folder": { fr: "Dossier d'upload non autorisé", en: "Upload folder not allowed" },
  // Query parameters of lists
  "page.limit": { fr: "limit doit être un entier de 1 à {max}", en: "limit must be an integer from 1 to {max}" },
  "page.cursor": { fr: "Curseur invalide", en: "Invalid cursor" },
  "search.page": { fr: "page doit être un entier de 1 à {max}", en: "page must be an integer from 1 to {max}" },
  "visit.page_path": {
    fr: "pagePath doit être un chemin de ce site (/…, sans // ni segment . ou ..)",
    en: "pagePath must be a path of this site (/…, no // nor . or .. segment)",
  },
  "type.unknown": { fr: "Type inconnu", en: "Unknown type" },
  "report.days": { fr: "days doit valoir 7, 30 ou 90", en: "days must be 7, 30 or 90" },
  "media.unused": { fr: "unused: true ou false", en: "unused: true or false" },
  "media.missing_alt": { fr: "missingAlt: true ou false", en: "missingAlt: true or false" },
  "inbox.filter": {
    fr: "filter doit valoir unread, replied, pending, waiting ou undeliverable",
    en: "filter must be unread, replied, pending, waiting or undeliverable",
  },
  "inbox.product_id": { fr: "productId doit être un identifiant", en: "productId must be an id" },
  "inbox.request_type": {
    fr: "requestType doit valoir sample, quote ou documents",
    en: "requestType must be sample, quote or documents",
  },
  "inbox.folder": { fr: "folder doit valoir inbox ou spam", en: "folder must be inbox or spam" },
  "inbox.state": {
    fr: "state doit valoir new, waiting_us, waiting_customer ou answered",
    en: "state must be new, waiting_us, waiting_customer or answered",
  },
  // Partners
  "order.integer": { fr: "L'ordre d'affichage doit être un nombre entier", en: "Order index must be an integer" },
  "order.min": { fr: "L'ordre d'affichage doit valoir 0 ou plus", en: "Order index must be 0 or more" },
  // Products, their blocks, facts and documents
  "category.required": { fr: "Catégorie requise", en: "Category is required" },
  "product.certifications_max": { fr: "{max} certifications au plus", en: "{max} certifications at most" },
  "product.bulk_none": { fr: "Aucun produit choisi", en: "No product chosen" },
  "product.bulk_max": { fr: "{max} produits au plus", en: "{max} products at most" },
  "block.table_title_max_chars": { fr: "Titre du tableau : {max} caractères maximum", en: "Table title: {max} characters maximum" },
  "block.content_max_chars": { fr: "Contenu : {max} caractères maximum", en: "Content: {max} characters maximum" },
  "rich_text.invalid_link": {
    fr: "Lien invalide (http(s)://, mailto:, tel: ou /chemin)",
    en: "Invalid link (http(s)://, mailto:, tel: or /path)",
  },
  "rich_text.too_deep": { fr: "Texte trop imbriqué", en: "Text nested too deep" },
  "rich_text.too_long": { fr: "Texte trop long", en: "Text too long" },
  "cas.too_many": { fr: "{max} numéros CAS au plus", en: "{max} CAS numbers at most" },
  "cas.invalid": {
    fr: "Numéro CAS invalide (format 9002-18-0, chiffre de contrôle) : {value}",
    en: "Invalid CAS number (format 9002-18-0, check digit): {value}",
  },
  "quantity.invalid": { fr: "Quantité invalide", en: "Invalid quantity" },
  "quantity.positive": { fr: "Quantité positive requise", en: "Quantity must be positive" },
  "quantity.max": { fr: "{max} au plus", en: "{max} at most" },
  "quantity.decimals": { fr: "Trois décimales au plus", en: "Three decimals at most" },
  "unit.unknown": { fr: "Unité inconnue", en: "Unknown unit" },
  "shelf_life.invalid": { fr: "Durée invalide", en: "Invalid duration" },
  "shelf_life.whole_months": { fr: "Nombre entier de mois", en: "Whole number of months" },
  "shelf_life.min": { fr: "1 mois au moins", en: "1 month at least" },
  "shelf_life.max": { fr: "{max} mois au plus", en: "{max} months at most" },
  // Regulatory facts (decision 0124)
  "e_number.invalid": { fr: "Numéro E invalide (ex. E407, E407a, E160a(iv))", en: "Invalid E-number (e.g. E407, E407a, E160a(iv))" },
  "e_number.status_unknown": { fr: "Statut inconnu", en: "Unknown status" },
  "cosmos.status_unknown": { fr: "Statut COSMOS inconnu", en: "Unknown COSMOS status" },
  "natural_origin_index.invalid": { fr: "Indice de 0 à 1", en: "Index from 0 to 1" },
  "natural_origin_index.decimals": { fr: "Deux décimales au plus", en: "Two decimals at most" },
  "country.unknown": { fr: "Pays inconnu", en: "Unknown country" },
  "position.invalid": { fr: "Nombre entier de 0 à {max}", en: "Whole number from 0 to {max}" },
  "product.applications_max": { fr: "{max} applications au plus", en: "{max} applications at most" },
  "product.functions_max": { fr: "{max} fonctions au plus", en: "{max} functions at most" },
  "document.kind": { fr: "Type de document inconnu", en: "Unknown document type" },
  "document.language": { fr: "Langue inconnue", en: "Unknown language" },
  "document.visibility": { fr: "Visibilité inconnue", en: "Unknown visibility" },
  // Site settings
  "settings.emails_min": { fr: "Au moins une adresse", en: "At least one address" },
  "settings.phones_min": { fr: "Au moins un numéro", en: "At least one number" },
  "settings.entries_min": { fr: "Au moins une étape", en: "At least one entry" },
  // Messages and personal data
  "reply.empty": {
    fr: "Veuillez saisir votre réponse avant d'envoyer l'email.",
    en: "Please write your reply before sending the email.",
  },
  "privacy.page": { fr: "Page invalide", en: "Invalid page" },
  "privacy.format": { fr: "Format : json ou csv", en: "Format: json or csv" },
  "privacy.confirm_mismatch": {
    fr: "Saisissez exactement la même adresse pour confirmer",
    en: "Type exactly the same address to confirm",
  },
  // Sign-in, passwords, administrators
  "sign_in.email_required": { fr: "Email requis", en: "Email required" },
  "password.required": { fr: "Mot de passe requis", en: "Password required" },
  "password.current_required": { fr: "Mot de passe actuel requis", en: "Current password required" },
  "password.min_chars": { fr: "Mot de passe : {min} caractères minimum", en: "Password: at least {min} characters" },
  "password.max_chars": { fr: "Mot de passe : {max} caractères maximum", en: "Password: at most {max} characters" },
  "password.same_as_current": {
    fr: "Le nouveau mot de passe doit différer de l'actuel",
    en: "The new password must differ from the current one",
  },
  "admin.mode": { fr: "Mode : « password » ou « invitation »", en: 'Mode: "password" or "invitation"' },
  "invitation.invalid_link": { fr: "Lien d'invitation invalide", en: "Invalid invitation link" },
  "totp.code": { fr: "Code à 6 chiffres", en: "6-digit code" },
  "totp.code_or_recovery": { fr: "Code à 6 chiffres ou code de secours", en: "6-digit code or recovery code" },
} as const satisfies Record<string, { readonly fr: string; readonly en: string }>;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;
export type ValidationParams = Readonly<Record<string, string | number>>;

/** The `{name}` placeholders of a text, as a union of names. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
type ParamsOf<C extends ValidationCode> = Placeholders<(typeof VALIDATION_MESSAGES)[C]["fr"] | (typeof VALIDATION_MESSAGES)[C]["en"]>;

/**
 * The zod message of a refusal: the code, with its parameters when its text has placeholders (the compiler asks for
 * exactly those), e.g. `msg("field.max_chars", { max: 200 })` → `"field.max_chars?max=200"`.
 */
export function msg<C extends ValidationCode>(
  code: C,
  ...params: [ParamsOf<C>] extends [never] ? [] : [Readonly<Record<ParamsOf<C>, string | number>>]
): string {
  return withParams(code, Object.entries((params[0] ?? {}) as ValidationParams));
}

/** `code`, then `?name=value&…` when there are parameters. */
function withParams(code: ValidationCode, params: [string, unknown][]): string {
  const query = new URLSearchParams(params.map(([name, value]) => [name, String(value)])).toString();
  return query ? `${code}?${query}` : code;
}

export const isValidationCode = (value: unknown): value is ValidationCode =>
  typeof value === "string" && Object.hasOwn(VALIDATION_MESSAGES, value);

/** The code and parameters of a zod message made by `msg`; null for any other text. */
export function parseValidationMessage(message: string): { code: ValidationCode; params: Record<string, string> } | null {
  const mark = message.indexOf("?");
  const code = mark < 0 ? message : message.slice(0, mark);
  if (!isValidationCode(code)) return null;
  return { code, params: mark < 0 ? {} : Object.fromEntries(new URLSearchParams(message.slice(mark + 1))) };
}

/** `{name}` placeholders filled from `params`; one without a value stays as written. */
function fillText(text: string, params: ValidationParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The text of a zod message in `lang`: a code's text with its parameters, or the message itself when it is no code. */
export function validationText(message: string, lang: Lang): string {
  const parsed = parseValidationMessage(message);
  return parsed ? fillText(VALIDATION_MESSAGES[parsed.code][lang], parsed.params) : message;
}

/** The API's text of a zod message: "Français / English" (one text when both are the same), or the message as it is. */
export function validationApiText(message: string): string {
  const fr = validationText(message, "fr");
  const en = validationText(message, "en");
  return fr === en ? fr : `${fr} / ${en}`;
}

/**
 * One refused field of a 400 `validation` answer's `details`: the API's text and, when the message is a code, the code
 * and the parameters its text fills in (as strings), so a client writes the text in its own language.
 */
export type FieldRefusal = {
  path: string;
  message: string;
  messageCode?: ValidationCode;
  messageParams?: Record<string, string>;
};

/** The `details` entry of a refused field from its zod message. */
export function fieldRefusal(path: string, message: string): FieldRefusal {
  const parsed = parseValidationMessage(message);
  if (!parsed) return { path, message };
  const refusal: FieldRefusal = { path, message: validationApiText(message), messageCode: parsed.code };
  if (Object.keys(parsed.params).length > 0) refusal.messageParams = parsed.params;
  return refusal;
}

/** The zod-style message (`code?name=value`) of a refusal's `messageCode` and `messageParams`; null when it has no known code. */
export function refusalMessage(refusal: { messageCode?: unknown; messageParams?: unknown }): string | null {
  const { messageCode, messageParams } = refusal;
  if (!isValidationCode(messageCode)) return null;
  return withParams(messageCode, typeof messageParams === "object" && messageParams !== null ? Object.entries(messageParams) : []);
}
