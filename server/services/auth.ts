import { hash, verify } from "@node-rs/argon2";
import type { Role } from "@shared/roles";
import {
  ADMIN_SECURITY,
  type SignInAnswer,
  type TotpEnableResponse,
  type TotpSetup,
  type TotpStatus,
} from "@shared/schemas/admin-security";
import type { SignedIn, User } from "@shared/schemas/auth";
import { idSchema } from "@shared/schemas/common";
import { and, count, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../db/client";
import { sessions, totpRecoveryCodes, users } from "../db/schema/index";
import { isSealed, type Sealer } from "../lib/encryption";
import { API_TEXTS } from "../lib/error-texts";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { HttpError, isUniqueViolation } from "../lib/http-error";
import { SECURITY_DEFAULTS, type SecurityConfig } from "../lib/security-config";
import { createLoginThrottle } from "./login-throttle";
import { browserFamily } from "./session-client";
import { formatRecoveryCode, matchingTotpStep, newRecoveryCode, newTotpSecret, totpSetupOf } from "./totp";
import { deviceClass } from "./visit-facts";

const ISSUER = "marine-algae";
const AUDIENCE = "marine-algae-admin";
/** The short-lived proof that the password was right, traded with a TOTP code for a session token. */
const TOTP_CHALLENGE_AUDIENCE = "marine-algae-totp-challenge";
const ALGORITHM = "HS256";
export const INVALID_CREDENTIALS = API_TEXTS["auth.invalid_credentials"];
export const WRONG_CURRENT_PASSWORD = API_TEXTS["auth.wrong_current_password"];
export const WRONG_PASSWORD = API_TEXTS["auth.wrong_password"];
export const INVALID_TOTP_CODE = API_TEXTS["auth.totp_invalid_code"];
export const EXPIRED_TOTP_CHALLENGE = API_TEXTS["auth.totp_challenge_expired"];
export const ONE_TIME_PASSWORD_EXPIRED = API_TEXTS["auth.one_time_password_expired"];
export const TOTP_SECRET_UNREADABLE = API_TEXTS["auth.totp_secret_unreadable"];
export const EMAIL_TAKEN = API_TEXTS["admin.email_taken"];

export function lockedError(retryAfterSeconds: number): HttpError {
  const until = new Date(Date.now() + retryAfterSeconds * 1000).toISOString();
  return new HttpError(
    429,
    { code: "auth.locked", params: { retryAfterSeconds } },
    { details: { retryAfterSeconds, lockedUntil: until }, headers: { "retry-after": String(retryAfterSeconds) } },
  );
}

/** Argon2id is the library default (its `Algorithm` const enum cannot be imported under verbatimModuleSyntax). */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** Verifying against this keeps unknown e-mails as slow as wrong passwords. */
let dummyHash: Promise<string> | undefined;

export function toUser(row: Pick<typeof users.$inferSelect, "_id" | "email" | "role" | "createdAt">): User {
  return { _id: row._id, email: row.email, role: row.role, createdAt: row.createdAt };
}

/**
 * A signed-in admin: the account and the session (the token's `jti`). `mustChangePassword`: the account was created
 * with a one-time password and may only change it (see plugins/auth.ts).
 */
export type AuthSession = { user: User; sessionId: string; mustChangePassword: boolean };

/** Who is signing in: the client's address (for the lockout) and user agent (its browser and device class name the session). */
export type Client = { ip: string; userAgent?: string | undefined };
/** Calls made in-process (the first admin's creation, tests): one address of their own. */
export const LOCAL_CLIENT: Client = { ip: "in-process" };

/** What the security log records about sign-in events (never the password or the token). */
export type AuthEvents = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export const hashSecret = (secret: string) => hash(secret, ARGON2);

/**
 * A new administrator. With `oneTimePasswordHours`, the password is a one-time password: it works for that long, and
 * only to choose the account's own password.
 */
export async function createAdmin(
  db: Db,
  email: string,
  password: string,
  options: { oneTimePasswordHours?: number; role?: Role } = {},
): Promise<User> {
  const passwordHash = await hash(password, ARGON2);
  const hours = options.oneTimePasswordHours;
  const [row] = await db
    .insert(users)
    .values({
      email: email.trim().toLowerCase(),
      passwordHash,
      role: options.role ?? "admin",
      mustChangePassword: hours !== undefined,
      passwordExpiresAt: hours === undefined ? null : sql`now() + ${`${hours} hours`}::interval`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, { code: "admin.email_taken" });
  return toUser(row);
}

export function createAuthService(
  db: Db,
  jwtSecret: string,
  sealer: Sealer,
  config: SecurityConfig = SECURITY_DEFAULTS,
  log?: { error(obj: object, msg: string): void },
) {
  const key = new TextEncoder().encode(jwtSecret);
  const throttle = createLoginThrottle(db, jwtSecret, log);
  const idle = sql`${`${config.sessionIdleMinutes} minutes`}::interval`;

  async function issueToken(user: User, client: Client = LOCAL_CLIENT): Promise<string> {
    const ua = client.userAgent ?? "";
    const [session] = await db
      .insert(sessions)
      .values({
        userId: user._id,
        expiresAt: sql`now() + ${`${config.sessionMaxHours} hours`}::interval`,
        browser: browserFamily(ua),
        device: ua ? deviceClass(ua) : "",
      })
      .returning();
    if (!session) throw new Error("session not stored");
    // Ended sessions of this account (expired, or idle too long) are swept here rather than by a timer.
    await db
      .delete(sessions)
      .where(and(eq(sessions.userId, user._id), or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, sql`now() - ${idle}`))));
    return new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(user._id)
      .setJti(session._id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(new Date(session.expiresAt).getTime() / 1000))
      .sign(key);
  }

  /**
   * Checks the password of `email` under the lockout (each attempt counted before the check, see login-throttle.ts), as
   * slowly for unknown accounts. Throws 429 when locked. A right password clears the address's count, unless the account
   * has a second factor: then it only does not count, and a right code clears it.
   */
  async function checkPassword(
    email: string,
    password: string,
    client: Client,
    log?: AuthEvents,
  ): Promise<{ row: typeof users.$inferSelect | undefined; ok: boolean }> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    const attempt = await throttle.attempt(email, client.ip, row?._id);
    if (attempt.lockedSeconds > 0) {
      log?.warn({ event: "auth.locked", email, retryAfterSeconds: attempt.lockedSeconds }, "sign-in refused: locked");
      throw lockedError(attempt.lockedSeconds);
    }
    dummyHash ??= hash("not-a-real-password", ARGON2);
    let ok = false;
    if (row) ok = await verify(row.passwordHash, password);
    else await verify(await dummyHash, password);
    if (ok) await (row?.totpSecret ? attempt.notCounted() : attempt.succeeded());
    return { row, ok };
  }

  /** Re-authentication before a security change (ASVS 7.5.1): the password, counted like a sign-in. */
  async function requirePassword(session: AuthSession, password: string, client: Client, log?: AuthEvents) {
    const { row, ok } = await checkPassword(session.user.email, password, client, log);
    if (!ok || !row) {
      log?.warn({ event: "auth.reauth.failure", adminId: session.user._id, email: session.user.email }, "password refused");
      throw new HttpError(400, { code: "auth.wrong_password" });
    }
    return row;
  }

  async function completeSignIn(
    row: typeof users.$inferSelect,
    client: Client,
    log?: AuthEvents,
    secondFactor?: string,
  ): Promise<SignedIn> {
    const user = toUser(row);
    await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users._id, user._id));
    log?.info({ event: "auth.login.success", adminId: user._id, email: user.email, secondFactor }, "signed in");
    const token = await issueToken(user, client);
    return row.mustChangePassword ? { token, user, mustChangePassword: true } : { token, user };
  }

  async function totpChallenge(row: typeof users.$inferSelect): Promise<SignInAnswer> {
    const challenge = await new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(row._id)
      .setIssuer(ISSUER)
      .setAudience(TOTP_CHALLENGE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ADMIN_SECURITY.totpChallengeMinutes}m`)
      .sign(key);
    return { totpRequired: true, challenge };
  }

  /** The clear TOTP secret of a stored (encrypted) one; null when it was sealed with another data key. */
  const openSecret = (stored: string): string | null => {
    if (!isSealed(stored)) return stored;
    try {
      return sealer.open(stored);
    } catch {
      log?.error({ event: "auth.totp.unreadable" }, "TOTP secret sealed with another data key (DATA_ENCRYPTION_KEY changed?)");
      return null;
    }
  };

  /** Accepts a TOTP code once: its time step must be later than the last accepted one (checked and stored atomically). */
  async function acceptTotpCode(row: typeof users.$inferSelect, code: string): Promise<boolean> {
    if (!row.totpSecret) return false;
    const secret = openSecret(row.totpSecret);
    if (secret === null) throw new HttpError(401, { code: "auth.totp_secret_unreadable" });
    const step = matchingTotpStep(secret, code);
    if (step === null) return false;
    const updated = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users._id, row._id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users._id });
    return updated.length === 1;
  }

  /** Spends one unused recovery code (marked used atomically, so two concurrent sign-ins cannot both spend it). */
  async function acceptRecoveryCode(userId: string, code: string): Promise<boolean> {
    const unused = await db
      .select({ _id: totpRecoveryCodes._id, codeHash: totpRecoveryCodes.codeHash })
      .from(totpRecoveryCodes)
      .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
    for (const candidate of unused) {
      if (!(await verify(candidate.codeHash, code))) continue;
      const spent = await db
        .update(totpRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(totpRecoveryCodes._id, candidate._id), isNull(totpRecoveryCodes.usedAt)))
        .returning({ id: totpRecoveryCodes._id });
      return spent.length === 1;
    }
    return false;
  }

  /** New recovery codes replace the old ones (in `tx`); answered once, stored hashed. */
  async function replaceRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
    const codes = Array.from({ length: ADMIN_SECURITY.recoveryCodes }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => hash(c, ARGON2)));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await tx.insert(totpRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    return codes.map(formatRecoveryCode);
  }

  async function userRow(userId: string) {
    const [row] = await db.select().from(users).where(eq(users._id, userId)).limit(1);
    if (!row) throw new HttpError(401, { code: "auth.required" });
    return row;
  }

  return {
    countAdmins: () => countAdmins(db),
    createUser: (email: string, password: string) => createAdmin(db, email, password),
    /** An administrator whose password is a one-time password (valid `ONE_TIME_PASSWORD_HOURS`). */
    createUserWithOneTimePassword: (email: string, password: string, role: Role) =>
      createAdmin(db, email, password, { oneTimePasswordHours: config.oneTimePasswordHours, role }),

    issueToken,
    throttle,

    /** Encrypts TOTP secrets stored in clear by an earlier version (run at start; a no-op once done). */
    async sealClearSecrets(): Promise<number> {
      const rows = await db
        .select({ _id: users._id, secret: users.totpSecret, pending: users.totpPendingSecret })
        .from(users)
        .where(or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret)));
      let sealed = 0;
      for (const row of rows) {
        const seal = (value: string | null) => (value === null || isSealed(value) ? value : sealer.seal(value));
        if ((row.secret === null || isSealed(row.secret)) && (row.pending === null || isSealed(row.pending))) continue;
        await db
          .update(users)
          .set({ totpSecret: seal(row.secret), totpPendingSecret: seal(row.pending) })
          .where(eq(users._id, row._id));
        sealed += 1;
      }
      return sealed;
    },

    async login(email: string, password: string, client: Client = LOCAL_CLIENT, log?: AuthEvents): Promise<SignInAnswer> {
      const normalized = email.trim().toLowerCase();
      const { row, ok } = await checkPassword(normalized, password, client, log);
      if (!row || !ok) {
        log?.warn({ event: "auth.login.failure", email: normalized }, "sign-in failed");
        throw new HttpError(401, { code: "auth.invalid_credentials" });
      }
      if (row.mustChangePassword && row.passwordExpiresAt && Date.parse(row.passwordExpiresAt) <= Date.now()) {
        log?.warn({ event: "auth.login.expired", adminId: row._id, email: row.email }, "one-time password expired");
        throw new HttpError(401, { code: "auth.one_time_password_expired" });
      }
      if (row.totpSecret) {
        log?.info({ event: "auth.login.totp_required", adminId: row._id, email: row.email }, "password accepted, code asked");
        return totpChallenge(row);
      }
      return completeSignIn(row, client, log);
    },

    /** Second step of a sign-in with TOTP: a code (±1 step, never twice) or one recovery code. Wrong codes count in the lockout. */
    async loginTotp(challenge: string, code: string, client: Client = LOCAL_CLIENT, log?: AuthEvents): Promise<SignedIn> {
      let userId: string;
      try {
        const { payload } = await jwtVerify(challenge, key, { issuer: ISSUER, audience: TOTP_CHALLENGE_AUDIENCE, algorithms: [ALGORITHM] });
        if (!idSchema.safeParse(payload.sub).success) throw new Error("bad subject");
        userId = String(payload.sub);
      } catch {
        throw new HttpError(401, { code: "auth.totp_challenge_expired" });
      }
      const [row] = await db.select().from(users).where(eq(users._id, userId)).limit(1);
      if (!row?.totpSecret) throw new HttpError(401, { code: "auth.totp_challenge_expired" });
      const attempt = await throttle.attempt(row.email, client.ip, row._id);
      if (attempt.lockedSeconds > 0) {
        log?.warn({ event: "auth.locked", email: row.email, retryAfterSeconds: attempt.lockedSeconds }, "sign-in refused: locked");
        throw lockedError(attempt.lockedSeconds);
      }
      const isRecovery = !/^\d{6}$/.test(code);
      const ok = isRecovery ? await acceptRecoveryCode(row._id, code) : await acceptTotpCode(row, code);
      if (!ok) {
        log?.warn({ event: "auth.totp.failure", adminId: row._id, email: row.email }, "sign-in code refused");
        throw new HttpError(401, { code: "auth.totp_invalid_code" });
      }
      await attempt.succeeded();
      return completeSignIn(row, client, log, isRecovery ? "recovery-code" : "totp");
    },

    async totpStatus(session: AuthSession): Promise<TotpStatus> {
      const row = await userRow(session.user._id);
      const [left] = await db
        .select({ n: count() })
        .from(totpRecoveryCodes)
        .where(and(eq(totpRecoveryCodes.userId, row._id), isNull(totpRecoveryCodes.usedAt)));
      return {
        enabled: row.totpSecret !== null,
        pending: row.totpPendingSecret !== null,
        recoveryCodesLeft: row.totpSecret ? (left?.n ?? 0) : 0,
      };
    },

    /** Starts the enrolment: a new secret (replacing an unconfirmed one), shown as a QR code and as text. */
    async totpSetup(session: AuthSession): Promise<TotpSetup> {
      const row = await userRow(session.user._id);
      if (row.totpSecret) throw new HttpError(409, { code: "totp.already_on" });
      const secret = newTotpSecret();
      await db
        .update(users)
        .set({ totpPendingSecret: sealer.seal(secret) })
        .where(eq(users._id, row._id));
      return totpSetupOf(secret, row.email);
    },

    /**
     * Confirms the enrolment with the password (a stolen token alone cannot bind another authenticator) and a code of
     * the new secret; answers the recovery codes, shown once (stored hashed).
     */
    async totpEnable(session: AuthSession, code: string, password: string, client: Client, log?: AuthEvents): Promise<TotpEnableResponse> {
      const row = await requirePassword(session, password, client, log);
      if (row.totpSecret) throw new HttpError(409, { code: "totp.already_on" });
      if (!row.totpPendingSecret) throw new HttpError(400, { code: "totp.not_started" });
      const secret = row.totpPendingSecret;
      const clear = openSecret(secret);
      if (clear === null) throw new HttpError(400, { code: "totp.not_started" });
      const step = matchingTotpStep(clear, code);
      if (step === null) throw new HttpError(400, { code: "auth.totp_invalid_code" });
      const recoveryCodes = await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: isSealed(secret) ? secret : sealer.seal(secret), totpPendingSecret: null, totpLastStep: step })
          .where(eq(users._id, row._id));
        return replaceRecoveryCodes(tx, row._id);
      });
      log?.info({ event: "auth.totp.enabled", adminId: row._id, email: row.email }, "two-factor authentication on");
      return { recoveryCodes };
    },

    /** Turns the second factor off; the password is asked again (counted like a sign-in). */
    async totpDisable(session: AuthSession, password: string, client: Client, log?: AuthEvents): Promise<void> {
      const row = await requirePassword(session, password, client, log);
      if (!row.totpSecret) throw new HttpError(409, { code: "totp.not_on" });
      await db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(users._id, row._id));
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, row._id));
      });
      log?.info({ event: "auth.totp.disabled", adminId: row._id, email: row.email }, "two-factor authentication off");
    },

    /** New recovery codes (the old ones stop working), after the password. */
    async regenerateRecoveryCodes(session: AuthSession, password: string, client: Client, log?: AuthEvents): Promise<TotpEnableResponse> {
      const row = await requirePassword(session, password, client, log);
      if (!row.totpSecret) throw new HttpError(409, { code: "totp.not_on" });
      const recoveryCodes = await db.transaction((tx) => replaceRecoveryCodes(tx, row._id));
      log?.info({ event: "auth.totp.recovery_codes", adminId: row._id, email: row.email }, "recovery codes replaced");
      return { recoveryCodes };
    },

    /** Changes the account's e-mail (its sign-in name) after the password; 409 when another administrator has it. */
    async changeEmail(
      session: AuthSession,
      email: string,
      password: string,
      client: Client,
      log?: AuthEvents,
      onChanges?: ChangeSink,
    ): Promise<User> {
      const row = await requirePassword(session, password, client, log);
      try {
        const [updated] = await db.update(users).set({ email }).where(eq(users._id, row._id)).returning();
        if (!updated) throw new HttpError(401, { code: "auth.required" });
        log?.info({ event: "auth.email.changed", adminId: row._id, from: row.email, email }, "e-mail changed");
        // Only the address: the row also holds the password hash and the sealed TOTP secret.
        onChanges?.(fieldChanges({ email: row.email }, { email: updated.email }, ["email"]));
        return toUser(updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, { code: "admin.email_taken" });
        throw error;
      }
    },

    /** Ends one session: its token is refused from now on, on every instance. */
    async logout(session: AuthSession, log?: AuthEvents): Promise<void> {
      await db.delete(sessions).where(eq(sessions._id, session.sessionId));
      log?.info({ event: "auth.logout", adminId: session.user._id, email: session.user.email }, "signed out");
    },

    /** Changes the password after checking the current one (counted like a sign-in), and ends every other session. */
    async changePassword(
      session: AuthSession,
      currentPassword: string,
      newPassword: string,
      client: Client,
      log?: AuthEvents,
    ): Promise<void> {
      const { row, ok } = await checkPassword(session.user.email, currentPassword, client, log);
      if (!ok || !row) {
        log?.warn({ event: "auth.password.failure", adminId: session.user._id, email: session.user.email }, "password change refused");
        throw new HttpError(400, { code: "auth.wrong_current_password" });
      }
      // The owner proved the password from here: earlier wrong attempts from this address are forgotten.
      if (row.totpSecret) await throttle.forgetAddress(row.email, client.ip);
      const passwordHash = await hash(newPassword, ARGON2);
      const revoked = await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false, passwordExpiresAt: null })
          .where(eq(users._id, session.user._id));
        return tx
          .delete(sessions)
          .where(and(eq(sessions.userId, session.user._id), ne(sessions._id, session.sessionId)))
          .returning({ id: sessions._id });
      });
      log?.info(
        { event: "auth.password.changed", adminId: session.user._id, email: session.user.email, revokedSessions: revoked.length },
        "password changed, other sessions ended",
      );
    },

    /**
     * The session of a valid token, or null (bad signature, expired, idle longer than `SESSION_IDLE_MINUTES`, wrong
     * issuer/audience, signed out, deleted user). The session's last activity is written at most once a minute.
     */
    async verifyToken(token: string): Promise<AuthSession | null> {
      let claims: { sub: string; jti: string };
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
        if (!idSchema.safeParse(payload.sub).success || !idSchema.safeParse(payload.jti).success) return null;
        claims = { sub: String(payload.sub), jti: String(payload.jti) };
      } catch {
        return null;
      }
      // Outside the try: an unreachable database is a 503 (error handler), not a signed-out 401.
      // One indexed lookup: the session row (primary key) joined to its account.
      const [row] = await db
        .select({
          _id: users._id,
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
          mustChangePassword: users.mustChangePassword,
          stale: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`,
        })
        .from(sessions)
        .innerJoin(users, eq(users._id, sessions.userId))
        .where(
          and(
            eq(sessions._id, claims.jti),
            eq(sessions.userId, claims.sub),
            gt(sessions.expiresAt, sql`now()`),
            gt(sessions.lastSeenAt, sql`now() - ${idle}`),
          ),
        )
        .limit(1);
      if (!row) return null;
      if (row.stale) await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions._id, claims.jti));
      return { user: toUser(row), sessionId: claims.jti, mustChangePassword: row.mustChangePassword };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
