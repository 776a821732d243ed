import { randomInt } from "node:crypto";
import { COMPANY } from "@shared/company";
import { ADMIN_SECURITY } from "@shared/schemas/admin-security";
import { Secret, TOTP } from "otpauth";

/** RFC 6238 with the parameters every authenticator app understands: SHA-1, 6 digits, 30 s. */
function totpOf(secret: string, email = "") {
  return new TOTP({
    issuer: COMPANY.name,
    label: email,
    algorithm: "SHA1",
    digits: ADMIN_SECURITY.totpDigits,
    period: ADMIN_SECURITY.totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export async function totpSetupOf(secret: string, email: string) {
  const otpauthUrl = totpOf(secret, email).toString();
  // Loaded when an administrator sets up two-factor sign-in, not at start (issue 34).
  const { default: QRCode } = await import("qrcode");
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { secret, otpauthUrl, qrCodeDataUrl };
}

/**
 * The time step a code belongs to when it is valid at `nowMs` within ±`totpWindowSteps` steps, else null.
 * The caller refuses a step not later than the last one accepted (replay).
 */
export function matchingTotpStep(secret: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: ADMIN_SECURITY.totpWindowSteps });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / ADMIN_SECURITY.totpPeriodSeconds) + delta;
}

/** The code of a given moment (tests and the e2e compute codes the way an authenticator app does). */
export function totpCodeAt(secret: string, timestampMs: number): string {
  return totpOf(secret).generate({ timestamp: timestampMs });
}

/** Letters and digits without look-alikes (no i, l, o, 0, 1). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const randomText = (length: number, alphabet = ALPHABET) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");

/** Recovery codes: 10 characters (about 50 bits), shown as xxxxx-xxxxx. */
export const newRecoveryCode = () => randomText(10);

/** A one-time password for a new administrator (about 90 bits), typed once at the first sign-in. */
export const newOneTimePassword = () => randomText(ADMIN_SECURITY.oneTimePasswordChars, `${ALPHABET}ABCDEFGHJKMNPQRSTUVWXYZ`);
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
