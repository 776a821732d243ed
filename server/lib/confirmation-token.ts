import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The address of a request's confirmation page names its message by a signed, short-lived token (decision 0117): only
 * the sender's browser has it, so nobody reads another buyer's summary by guessing a ticket number, and a reload shows
 * the same page without sending anything again.
 */

/** How long the confirmation page shows its summary; after that it thanks without details. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

function mac(secret: string, value: string): string {
  // Its own prefix: a form's signed time (spam-rules.ts) can never pass for a confirmation.
  return createHmac("sha256", secret).update(`contact-confirmation:${value}`).digest("base64url");
}

/** `<message id>.<expiry, epoch ms>.<hmac>`. */
export function signConfirmation(secret: string, submissionId: string, now: number): string {
  const value = `${submissionId}.${now + CONFIRMATION_TTL_MS}`;
  return `${value}.${mac(secret, value)}`;
}

/** The message id a token names, or null when it is malformed, forged or expired. */
export function readConfirmation(secret: string, token: string | null | undefined, now: number): string | null {
  const match = token ? /^([0-9a-f-]{36})\.(\d{1,15})\.([\w-]{43})$/.exec(token) : null;
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expected = Buffer.from(mac(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(match[2]) > now ? match[1] : null;
}
