import {
  changeEmailInputSchema,
  loginTotpInputSchema,
  passwordConfirmationSchema,
  signInAnswerSchema,
  totpDisableInputSchema,
  totpEnableInputSchema,
  totpEnableResponseSchema,
  totpSetupSchema,
  totpStatusSchema,
} from "@shared/schemas/admin-security";
import { loginInputSchema, meSchema, signedInSchema, userAnswerSchema } from "@shared/schemas/auth";
import { noContentSchema } from "@shared/schemas/common";
import { signatureSchema } from "@shared/schemas/signature";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changePasswordBodySchema, registerBodySchema } from "../lib/breached-passwords";
import { HttpError } from "../lib/http-error";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";
import { historyChanges, notRecorded, recorded } from "../plugins/security-log";
import type { AuthSession, Client } from "../services/auth";

/** Set by the auth plugin on every admin route (those not marked public): the guard answered 401 otherwise. */
export function sessionOf(request: { session: AuthSession | null }): AuthSession {
  if (!request.session) throw new HttpError(401, { code: "auth.required" });
  return request.session;
}

/** The caller as the lockout and the sessions list see it. */
export const clientOf = (request: FastifyRequest): Client => ({ ip: request.ip, userAgent: request.headers["user-agent"] });

const noContent = { response: { 204: noContentSchema } };

/** Sign-in is throttled per IP here and per account (lockout) in the auth service. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;

  app.post(
    "/auth/login",
    {
      schema: { body: loginInputSchema, response: { 200: signInAnswerSchema } },
      config: { ...publicRoute, rateLimit: RATE_LIMITS.signIn },
    },
    async (request) => auth.login(request.body.email, request.body.password, clientOf(request), request.log),
  );

  /** Second step of a sign-in when the account has TOTP: the challenge of the first step and a code (or a recovery code). */
  app.post(
    "/auth/login/totp",
    {
      schema: { body: loginTotpInputSchema, response: { 200: signedInSchema } },
      config: { ...publicRoute, rateLimit: RATE_LIMITS.signIn },
    },
    async (request) => auth.loginTotp(request.body.challenge, request.body.code, clientOf(request), request.log),
  );

  /**
   * Account creation with a chosen password (docs/product.md, "API"): a full administrator only (admin-only like every
   * route, and refused with 403 to an account still on its one-time password); recorded in the history like
   * `POST /api/users`.
   */
  app.post(
    "/auth/register",
    { schema: { body: registerBodySchema, response: { 201: userAnswerSchema } }, config: recorded("user", "create") },
    async (request, reply) => {
      const user = await auth.createUser(request.body.email, request.body.password);
      return reply.code(201).send({ user });
    },
  );

  /** `mustChangePassword` is added only when true (an account created with a one-time password). */
  app.get("/auth/me", { schema: { response: { 200: meSchema } } }, async (request) =>
    request.session?.mustChangePassword
      ? { user: sessionOf(request).user, mustChangePassword: true as const }
      : { user: sessionOf(request).user },
  );

  // The signature of one's replies to buyers (decision 0115).
  app.get("/auth/signature", { schema: { response: { 200: signatureSchema } } }, async (request) =>
    app.services.users.signatureOf(sessionOf(request).user._id),
  );

  app.put(
    "/auth/signature",
    { schema: { body: signatureSchema, response: { 200: signatureSchema } }, config: recorded("account", "signature.update") },
    async (request) => app.services.users.setSignature(sessionOf(request).user._id, request.body, historyChanges(request)),
  );

  app.get("/auth/totp", { schema: { response: { 200: totpStatusSchema } } }, async (request) => auth.totpStatus(sessionOf(request)));

  /** Starts (or restarts) the TOTP enrolment: a new secret as a QR code; nothing is asked at sign-in until confirmed. */
  app.post("/auth/totp/setup", { config: notRecorded, schema: { response: { 200: totpSetupSchema } } }, async (request) =>
    auth.totpSetup(sessionOf(request)),
  );

  /** Confirms the enrolment: a code of the new secret and the password (re-authentication). */
  app.post(
    "/auth/totp/enable",
    {
      schema: { body: totpEnableInputSchema, response: { 200: totpEnableResponseSchema } },
      config: { rateLimit: RATE_LIMITS.reauthentication, ...recorded("account", "totp.enable") },
    },
    async (request) => auth.totpEnable(sessionOf(request), request.body.code, request.body.password, clientOf(request), request.log),
  );

  app.post(
    "/auth/totp/disable",
    {
      schema: { body: totpDisableInputSchema, ...noContent },
      config: { rateLimit: RATE_LIMITS.reauthentication, ...recorded("account", "totp.disable") },
    },
    async (request, reply) => {
      await auth.totpDisable(sessionOf(request), request.body.password, clientOf(request), request.log);
      return reply.code(204).send();
    },
  );

  /** New recovery codes (the old ones stop working), after the password. */
  app.post(
    "/auth/totp/recovery-codes",
    {
      schema: { body: passwordConfirmationSchema, response: { 200: totpEnableResponseSchema } },
      config: { rateLimit: RATE_LIMITS.reauthentication, ...recorded("account", "totp.codes") },
    },
    async (request) => auth.regenerateRecoveryCodes(sessionOf(request), request.body.password, clientOf(request), request.log),
  );

  /** Changes the signed-in admin's e-mail (the sign-in name), after the password. */
  app.post(
    "/auth/email",
    {
      schema: { body: changeEmailInputSchema, response: { 200: userAnswerSchema } },
      config: { rateLimit: RATE_LIMITS.reauthentication, ...recorded("account", "email.change") },
    },
    async (request) => ({
      user: await auth.changeEmail(
        sessionOf(request),
        request.body.email,
        request.body.password,
        clientOf(request),
        request.log,
        historyChanges(request),
      ),
    }),
  );

  /** Ends this session on the server: the token is refused from now on. */
  app.post("/auth/logout", { config: notRecorded, schema: noContent }, async (request, reply) => {
    await auth.logout(sessionOf(request), request.log);
    return reply.code(204).send();
  });

  /** Changes the signed-in admin's password; every other session of the account ends, this one stays valid. */
  app.post(
    "/auth/password",
    {
      schema: { body: changePasswordBodySchema, ...noContent },
      config: { rateLimit: RATE_LIMITS.reauthentication, ...recorded("account", "password.change") },
    },
    async (request, reply) => {
      await auth.changePassword(sessionOf(request), request.body.currentPassword, request.body.newPassword, clientOf(request), request.log);
      return reply.code(204).send();
    },
  );
};
