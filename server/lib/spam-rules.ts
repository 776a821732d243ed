import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Spam without third parties (decision 0108): named rules over one contact message. A rule never refuses anything:
 * a message it catches is stored in the inbox's "Spam" folder with the rules' names, nobody is notified, and the
 * sender sees the same success. The rules are deliberately narrow (a real buyer must never be caught): each is tested
 * with messages that must pass and messages that must be caught (spam-rules.test.ts).
 */

/**
 * A form sent sooner than this after it was rendered was not filled by a person. A cached page's form is signed with
 * the last instant it may be served (decision 0136), up to a second ahead of the visit; 0 turns the rule off.
 */
export const MIN_FILL_MS = 3_000;
/** More links than this in the subject and message together. A buyer may paste their website or a data sheet. */
export const MAX_LINKS = 3;
/** A few phrases only spam carries (folded: lower case, no accents). Short on purpose: each one is a risk. */
export const SPAM_PHRASES = [
  "seo services",
  "first page of google",
  "increase your website traffic",
  "backlinks",
  "crypto investment",
  "casino",
  "viagra",
  "web design services",
] as const;

export const SPAM_RULES = [
  "honeypot",
  "too-fast",
  "forged-form-time",
  "no-form-time",
  "too-many-links",
  "bbcode-link",
  "spam-phrase",
  "no-letters",
  "subject-is-message",
] as const;
export type SpamRule = (typeof SPAM_RULES)[number];
/**
 * Rules that alone say nothing: a message without the form's time comes from an API client, a test's seeding or a page
 * rendered before this rule; it is spam only with another rule.
 */
export const WEAK_RULES: readonly SpamRule[] = ["no-form-time"];

export type SpamInput = {
  website?: string | undefined;
  formToken?: string | undefined;
  subject: string;
  message: string;
};

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const links = (text: string) => text.match(/\b(?:https?:\/\/|www\.)\S+/giu) ?? [];

/** The form's render time, signed so a bot cannot choose it: `<epoch ms>.<hmac>`. */
export function signFormTime(secret: string, now: number): string {
  return `${now}.${mac(secret, String(now))}`;
}

function mac(secret: string, value: string): string {
  return createHmac("sha256", secret).update(`contact-form-time:${value}`).digest("base64url");
}

/** The signed time in `token`, or null when it is missing, malformed or forged. */
export function readFormTime(secret: string, token: string | undefined): number | null {
  const match = token ? /^(\d{1,15})\.([\w-]{43})$/.exec(token) : null;
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(mac(secret, match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(match[1]);
}

/** The rules `input` breaks, none for a message that goes to the inbox. */
export function spamReasons(input: SpamInput, secret: string, now: number, minFillMs = MIN_FILL_MS): SpamRule[] {
  const reasons: SpamRule[] = [];
  if (input.website?.trim()) reasons.push("honeypot");
  const renderedAt = readFormTime(secret, input.formToken);
  if (!input.formToken) reasons.push("no-form-time");
  else if (renderedAt === null) reasons.push("forged-form-time");
  else if (minFillMs > 0 && now - renderedAt < minFillMs) reasons.push("too-fast");
  const text = `${input.subject}\n${input.message}`;
  if (links(text).length > MAX_LINKS) reasons.push("too-many-links");
  if (/\[url[=\]]/i.test(text)) reasons.push("bbcode-link");
  const folded = fold(text);
  if (SPAM_PHRASES.some((phrase) => folded.includes(phrase))) reasons.push("spam-phrase");
  // Letters of any script count (Arabic, Cyrillic, CJK...): only a message of mostly symbols, digits or links is caught.
  const visible = links(input.message)
    .reduce((rest, link) => rest.replace(link, ""), input.message)
    .replace(/\s/gu, "");
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  if (visible.length >= 20 && letters / visible.length < 0.3) reasons.push("no-letters");
  // A bot fills every text field with the same link line; a person writes a message.
  if (fold(input.subject.trim()) === fold(input.message.trim()) && links(input.message).length > 0) reasons.push("subject-is-message");
  return reasons;
}

/** Whether the rules broken file the message as spam: one rule that is not weak is enough. */
export const isSpam = (reasons: readonly SpamRule[]): boolean => reasons.some((rule) => !WEAK_RULES.includes(rule));
