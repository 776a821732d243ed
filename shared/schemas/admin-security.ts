import { z } from "zod";
import { LIMITS } from "../limits";
import { roleSchema } from "../roles";
import { msg } from "../validation-messages";
import { DEVICE_CLASSES } from "./analytics";
import { signedInSchema } from "./auth";
import { timestampSchema } from "./common";
import { pageQuerySchema } from "./page";
import { newPasswordSchema } from "./password";

/** Limits and timings of administrators, the second factor and the history (one place for server and screens). */
export const ADMIN_SECURITY = {
  invitationHours: 48,
  recoveryCodes: 10,
  /** TOTP codes of the previous and next 30 s step are accepted too (clock drift). */
  totpWindowSteps: 1,
  totpPeriodSeconds: 30,
  totpDigits: 6,
  /** Time to type the code after the password was accepted. */
  totpChallengeMinutes: 5,
  oneTimePasswordChars: 16,
  historyRetentionDays: 365,
  /** At most this many sessions of an account are listed (most recently active first): an account has a handful. */
  sessionsListMax: 50,
} as const;

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.contactEmailMax)
  .pipe(z.email(msg("email.invalid")));

/** An administrator as `GET /api/users` lists them (never a hash or a secret). */
export const adminAccountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: timestampSchema,
  lastLoginAt: timestampSchema.nullable(),
  totpEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type AdminAccount = z.output<typeof adminAccountSchema>;
export const pendingInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
});
export type PendingInvitation = z.output<typeof pendingInvitationSchema>;
/** `GET /api/users`: one page of administrators, oldest first (decision 0092). */
export const adminListSchema = z.array(adminAccountSchema);
/** `GET /api/users/invitations`: one page of pending invitations, oldest first (decision 0092). */
export const invitationListSchema = z.array(pendingInvitationSchema);
/** `?limit=&cursor=` of the administrators and of the pending invitations. */
export const adminListQuerySchema = pageQuerySchema;

/** `POST /api/users`: with a one-time password shown once, or by an invitation e-mail. */
export const createAdminInputSchema = z.object({
  email: emailSchema,
  mode: z.enum(["password", "invitation"], msg("admin.mode")),
  /** What the new account may do; an administrator when not said (the API before roles). */
  role: roleSchema.default("admin"),
});
/** `PUT /api/users/:id/role`: an administrator gives an account another role (never leaving no administrator). */
export const roleChangeInputSchema = z.object({ role: roleSchema });
export type CreateAdminInput = z.infer<typeof createAdminInputSchema>;
export const createAdminResponseSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("password"), user: adminAccountSchema, oneTimePassword: z.string() }),
  z.object({ mode: z.literal("invitation"), invitation: pendingInvitationSchema }),
]);
export type CreateAdminResponse = z.output<typeof createAdminResponseSchema>;

export const invitationTokenSchema = z.string().trim().min(20, msg("invitation.invalid_link")).max(200);
export const acceptInvitationInputSchema = z.object({ token: invitationTokenSchema, password: newPasswordSchema });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInputSchema>;
export const invitationInfoSchema = z.object({ email: z.string(), expiresAt: timestampSchema });
export type InvitationInfo = z.output<typeof invitationInfoSchema>;

/** A 6-digit TOTP code, spaces allowed while typing. */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, msg("totp.code")));
/** At sign-in: a TOTP code or one recovery code (letters and digits, dashes ignored). */
export const secondFactorCodeSchema = z
  .string()
  .transform((v) => v.replace(/[\s-]+/g, "").toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{10})$/, msg("totp.code_or_recovery")));

export const loginTotpInputSchema = z.object({ challenge: z.string().min(1).max(2000), code: secondFactorCodeSchema });
export const loginTotpRequiredSchema = z.object({ totpRequired: z.literal(true), challenge: z.string() });
export type LoginTotpRequired = z.output<typeof loginTotpRequiredSchema>;
/** `POST /api/auth/login` and `/auth/login/totp`: signed in, or (first step, account with TOTP) the code still to give. */
export const signInAnswerSchema = z.union([signedInSchema, loginTotpRequiredSchema]);
export type SignInAnswer = z.output<typeof signInAnswerSchema>;

export const totpStatusSchema = z.object({ enabled: z.boolean(), pending: z.boolean(), recoveryCodesLeft: z.number() });
export type TotpStatus = z.output<typeof totpStatusSchema>;
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() });
export type TotpSetup = z.output<typeof totpSetupSchema>;
/** The current password, asked again before a security change (re-authentication). */
const currentPasswordSchema = z.string().min(1, msg("password.required")).max(LIMITS.passwordMax);
export const passwordConfirmationSchema = z.object({ password: currentPasswordSchema });
export type PasswordConfirmation = z.infer<typeof passwordConfirmationSchema>;
export const totpEnableInputSchema = z.object({ code: totpCodeSchema, password: currentPasswordSchema });
export type TotpEnableInput = z.infer<typeof totpEnableInputSchema>;
export const totpEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnableResponse = z.output<typeof totpEnableResponseSchema>;
export const totpDisableInputSchema = passwordConfirmationSchema;
export const changeEmailInputSchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

/**
 * One signed-in session of an account, as "Mon compte" lists it: the browser family and device class read
 * from the user agent at sign-in (null when it sent none), never the user agent or the address. `current`: the session
 * of the token that asked.
 */
export const adminSessionSchema = z.object({
  _id: z.string(),
  browser: z.string().nullable(),
  device: z.enum(DEVICE_CLASSES).nullable(),
  createdAt: timestampSchema,
  lastSeenAt: timestampSchema,
  expiresAt: timestampSchema,
  current: z.boolean(),
});
export type AdminSession = z.output<typeof adminSessionSchema>;
export const adminSessionListSchema = z.array(adminSessionSchema);
/** `POST /api/auth/sessions/end-others`: how many sessions were ended. */
export const endedSessionsSchema = z.object({ ended: z.number() });
export type EndedSessions = z.output<typeof endedSessionsSchema>;
