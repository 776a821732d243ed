import { hash, verify } from "@node-rs/argon2";
import { ADMIN_SECURITY, type LoginTotpRequired, type TotpSetup, type TotpStatus } from "@shared/schemas/admin-security";
import type { LoginResponse, User } from "@shared/schemas/auth";
import { idSchema } from "@shared/schemas/common";
import { and, count, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../db/client";
import { loginFailures, sessions, totpRecoveryCodes, users } from "../db/schema/index";
import { HttpError } from "../lib/http-error";
import { formatRecoveryCode, matchingTotpStep, newRecoveryCode, newTotpSecret, totpSetupOf } from "./totp";

const ISSUER = "marine-algae";
const AUDIENCE = "marine-algae-admin";
/** The short-lived proof that the password was right, traded with a TOTP code for a session token. */
const TOTP_CHALLENGE_AUDIENCE = "marine-algae-totp-challenge";
const ALGORITHM = "HS256";
const TOKEN_TTL_SECONDS = 12 * 60 * 60;
export const INVALID_CREDENTIALS = "Email ou mot de passe incorrect";
export const WRONG_CURRENT_PASSWORD = "Mot de passe actuel incorrect / Current password is incorrect";
export const WRONG_PASSWORD = "Mot de passe incorrect / Incorrect password";
export const INVALID_TOTP_CODE = "Code incorrect ou déjà utilisé / Incorrect or already used code";
export const EXPIRED_TOTP_CHALLENGE =
  "Étape de connexion expirée : saisissez à nouveau votre mot de passe. / Sign-in step expired: enter your password again.";
export const TOTP_ALREADY_ON = "La double authentification est déjà activée / Two-factor authentication is already on";
export const TOTP_NOT_STARTED = "Commencez par afficher le QR code / Start by showing the QR code";
export const TOTP_NOT_ON = "La double authentification n'est pas activée / Two-factor authentication is not on";

/**
 * Account lockout: from the 5th wrong password in a row the account is locked, 1 minute after the 5th, then twice as
 * long after each further failure, at most 1 hour. Failures older than a day are forgotten; a success clears them.
 */
export const LOCKOUT = { threshold: 5, firstDelayMs: 60_000, maxDelayMs: 60 * 60_000, memoryMs: 24 * 60 * 60_000 } as const;

export function lockoutDelayMs(failures: number): number {
  if (failures < LOCKOUT.threshold) return 0;
  return Math.min(LOCKOUT.firstDelayMs * 2 ** (failures - LOCKOUT.threshold), LOCKOUT.maxDelayMs);
}

/** "45 s" under a minute, else whole minutes rounded up. */
function waitText(seconds: number): { fr: string; en: string } {
  if (seconds < 60) return { fr: `${seconds} s`, en: `${seconds} s` };
  const minutes = Math.ceil(seconds / 60);
  return { fr: `${minutes} min`, en: `${minutes} minute${minutes > 1 ? "s" : ""}` };
}

export function lockedError(retryAfterSeconds: number): HttpError {
  const wait = waitText(retryAfterSeconds);
  const until = new Date(Date.now() + retryAfterSeconds * 1000).toISOString();
  return new HttpError(
    429,
    `Compte verrouillé après trop de tentatives : réessayez dans ${wait.fr}. / Account locked after too many attempts: try again in ${wait.en}.`,
    { retryAfterSeconds, lockedUntil: until },
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** Argon2id is the library default (its `Algorithm` const enum cannot be imported under verbatimModuleSyntax). */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** Verifying against this keeps unknown e-mails as slow as wrong passwords. */
let dummyHash: Promise<string> | undefined;

function toUser(row: Pick<typeof users.$inferSelect, "_id" | "email" | "createdAt">): User {
  return { _id: row._id, email: row.email, createdAt: row.createdAt };
}

/**
 * A signed-in admin: the account and the session (the token's `jti`). `mustChangePassword`: the account was created
 * with a one-time password and may only change it (see plugins/auth.ts).
 */
export type AuthSession = { user: User; sessionId: string; mustChangePassword: boolean };

/** `POST /api/auth/login`: the SPEC's answer, `mustChangePassword` added only when true, or the TOTP step. */
export type LoginResult = (LoginResponse & { mustChangePassword?: true }) | LoginTotpRequired;

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

export async function createAdmin(db: Db, email: string, password: string, options: { mustChangePassword?: boolean } = {}): Promise<User> {
  const passwordHash = await hash(password, ARGON2);
  const [row] = await db
    .insert(users)
    .values({ email: email.trim().toLowerCase(), passwordHash, mustChangePassword: options.mustChangePassword ?? false })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, "An account with this e-mail already exists");
  return toUser(row);
}

export function createAuthService(db: Db, jwtSecret: string) {
  const key = new TextEncoder().encode(jwtSecret);

  async function issueToken(user: User): Promise<string> {
    const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
    const [session] = await db.insert(sessions).values({ userId: user._id, expiresAt: expiresAt.toISOString() }).returning();
    if (!session) throw new Error("session not stored");
    // Expired sessions of this account are swept here rather than by a timer.
    await db.delete(sessions).where(and(eq(sessions.userId, user._id), lt(sessions.expiresAt, sql`now()`)));
    return new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(user._id)
      .setJti(session._id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  /** Seconds until the account may try again, 0 when it is not locked. Measured on the database clock. */
  async function lockedForSeconds(email: string): Promise<number> {
    const [row] = await db
      .select({
        failures: count(),
        // Milliseconds since the latest failure (database clock, so every instance agrees).
        sinceLastMs: sql<number | null>`(extract(epoch from (now() - max(${loginFailures.createdAt}))) * 1000)::float8`,
      })
      .from(loginFailures)
      .where(
        and(eq(loginFailures.email, email), gt(loginFailures.createdAt, sql`now() - ${`${LOCKOUT.memoryMs} milliseconds`}::interval`)),
      );
    const failures = row?.failures ?? 0;
    if (failures < LOCKOUT.threshold || row?.sinceLastMs == null) return 0;
    const remaining = lockoutDelayMs(failures) - row.sinceLastMs;
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  }

  /** Records a wrong password; returns the lockout it starts (seconds, 0 if none). */
  async function recordFailure(email: string): Promise<number> {
    await db.insert(loginFailures).values({ email });
    await db.delete(loginFailures).where(lt(loginFailures.createdAt, sql`now() - ${`${LOCKOUT.memoryMs} milliseconds`}::interval`));
    return lockedForSeconds(email);
  }

  async function refuseIfLocked(email: string, log?: AuthEvents): Promise<void> {
    const locked = await lockedForSeconds(email);
    if (locked > 0) {
      log?.warn({ event: "auth.locked", email, retryAfterSeconds: locked }, "sign-in refused: account locked");
      throw lockedError(locked);
    }
  }

  async function countFailure(email: string, log?: AuthEvents): Promise<number> {
    const lockedSeconds = await recordFailure(email);
    if (lockedSeconds > 0) log?.warn({ event: "auth.lockout", email, retryAfterSeconds: lockedSeconds }, "account locked");
    return lockedSeconds;
  }

  /**
   * Checks the lock, then the password (as slowly for unknown accounts); counts failures. Throws 429 when locked.
   * A right password clears the failures, unless the account has a second factor: then only a right code does, so
   * typing the password again never resets the count of wrong codes.
   */
  async function checkPassword(
    email: string,
    password: string,
    log?: AuthEvents,
  ): Promise<{ row: typeof users.$inferSelect | undefined; ok: boolean; lockedSeconds: number }> {
    await refuseIfLocked(email, log);
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    dummyHash ??= hash("not-a-real-password", ARGON2);
    let ok = false;
    if (row) ok = await verify(row.passwordHash, password);
    else await verify(await dummyHash, password);
    if (ok) {
      if (!row?.totpSecret) await db.delete(loginFailures).where(eq(loginFailures.email, email));
      return { row, ok, lockedSeconds: 0 };
    }
    return { row, ok, lockedSeconds: await countFailure(email, log) };
  }

  async function completeSignIn(row: typeof users.$inferSelect, log?: AuthEvents, secondFactor?: string): Promise<LoginResult> {
    const user = toUser(row);
    await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users._id, user._id));
    log?.info({ event: "auth.login.success", adminId: user._id, email: user.email, secondFactor }, "signed in");
    const token = await issueToken(user);
    return row.mustChangePassword ? { token, user, mustChangePassword: true } : { token, user };
  }

  async function totpChallenge(row: typeof users.$inferSelect): Promise<LoginTotpRequired> {
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

  /** Accepts a TOTP code once: its time step must be later than the last accepted one (checked and stored atomically). */
  async function acceptTotpCode(row: typeof users.$inferSelect, code: string): Promise<boolean> {
    if (!row.totpSecret) return false;
    const step = matchingTotpStep(row.totpSecret, code);
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

  async function userRow(userId: string) {
    const [row] = await db.select().from(users).where(eq(users._id, userId)).limit(1);
    if (!row) throw new HttpError(401, "Authentification requise / Authentication required");
    return row;
  }

  async function requirePassword(session: AuthSession, password: string, log?: AuthEvents): Promise<void> {
    const { ok } = await checkPassword(session.user.email, password, log);
    if (!ok) throw new HttpError(400, WRONG_PASSWORD);
  }

  return {
    countAdmins: () => countAdmins(db),
    createUser: (email: string, password: string) => createAdmin(db, email, password),

    issueToken,

    async login(email: string, password: string, log?: AuthEvents): Promise<LoginResult> {
      const normalized = email.trim().toLowerCase();
      const { row, ok } = await checkPassword(normalized, password, log);
      if (!row || !ok) {
        log?.warn({ event: "auth.login.failure", email: normalized }, "sign-in failed");
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      if (row.totpSecret) {
        log?.info({ event: "auth.login.totp_required", adminId: row._id, email: row.email }, "password accepted, code asked");
        return totpChallenge(row);
      }
      return completeSignIn(row, log);
    },

    /** Second step of a sign-in with TOTP: a code (±1 step, never twice) or one recovery code. Wrong codes count in the lockout. */
    async loginTotp(challenge: string, code: string, log?: AuthEvents): Promise<LoginResult> {
      let userId: string;
      try {
        const { payload } = await jwtVerify(challenge, key, { issuer: ISSUER, audience: TOTP_CHALLENGE_AUDIENCE, algorithms: [ALGORITHM] });
        if (!idSchema.safeParse(payload.sub).success) throw new Error("bad subject");
        userId = String(payload.sub);
      } catch {
        throw new HttpError(401, EXPIRED_TOTP_CHALLENGE);
      }
      const [row] = await db.select().from(users).where(eq(users._id, userId)).limit(1);
      if (!row?.totpSecret) throw new HttpError(401, EXPIRED_TOTP_CHALLENGE);
      await refuseIfLocked(row.email, log);
      const isRecovery = !/^\d{6}$/.test(code);
      const ok = isRecovery ? await acceptRecoveryCode(row._id, code) : await acceptTotpCode(row, code);
      if (!ok) {
        log?.warn({ event: "auth.totp.failure", adminId: row._id, email: row.email }, "sign-in code refused");
        const lockedSeconds = await countFailure(row.email, log);
        if (lockedSeconds > 0) throw lockedError(lockedSeconds);
        throw new HttpError(401, INVALID_TOTP_CODE);
      }
      await db.delete(loginFailures).where(eq(loginFailures.email, row.email));
      return completeSignIn(row, log, isRecovery ? "recovery-code" : "totp");
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
      if (row.totpSecret) throw new HttpError(409, TOTP_ALREADY_ON);
      const secret = newTotpSecret();
      await db.update(users).set({ totpPendingSecret: secret }).where(eq(users._id, row._id));
      return totpSetupOf(secret, row.email);
    },

    /** Confirms the enrolment with a code of the new secret; answers the recovery codes, shown once (stored hashed). */
    async totpEnable(session: AuthSession, code: string, log?: AuthEvents): Promise<{ recoveryCodes: string[] }> {
      const row = await userRow(session.user._id);
      if (row.totpSecret) throw new HttpError(409, TOTP_ALREADY_ON);
      if (!row.totpPendingSecret) throw new HttpError(400, TOTP_NOT_STARTED);
      const step = matchingTotpStep(row.totpPendingSecret, code);
      if (step === null) throw new HttpError(400, INVALID_TOTP_CODE);
      const codes = Array.from({ length: ADMIN_SECURITY.recoveryCodes }, newRecoveryCode);
      const hashes = await Promise.all(codes.map((c) => hash(c, ARGON2)));
      const secret = row.totpPendingSecret;
      await db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step }).where(eq(users._id, row._id));
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, row._id));
        await tx.insert(totpRecoveryCodes).values(hashes.map((codeHash) => ({ userId: row._id, codeHash })));
      });
      log?.info({ event: "auth.totp.enabled", adminId: row._id, email: row.email }, "two-factor authentication on");
      return { recoveryCodes: codes.map(formatRecoveryCode) };
    },

    /** Turns the second factor off; the password is asked again (counted like a sign-in). */
    async totpDisable(session: AuthSession, password: string, log?: AuthEvents): Promise<void> {
      await requirePassword(session, password, log);
      const row = await userRow(session.user._id);
      if (!row.totpSecret) throw new HttpError(409, TOTP_NOT_ON);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(users._id, row._id));
        await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, row._id));
      });
      await db.delete(loginFailures).where(eq(loginFailures.email, row.email));
      log?.info({ event: "auth.totp.disabled", adminId: row._id, email: row.email }, "two-factor authentication off");
    },

    /** Ends one session: its token is refused from now on, on every instance. */
    async logout(session: AuthSession, log?: AuthEvents): Promise<void> {
      await db.delete(sessions).where(eq(sessions._id, session.sessionId));
      log?.info({ event: "auth.logout", adminId: session.user._id, email: session.user.email }, "signed out");
    },

    /** Changes the password after checking the current one (counted like a sign-in), and ends every other session. */
    async changePassword(session: AuthSession, currentPassword: string, newPassword: string, log?: AuthEvents): Promise<void> {
      const { row, ok } = await checkPassword(session.user.email, currentPassword, log);
      if (ok && row?.totpSecret) await db.delete(loginFailures).where(eq(loginFailures.email, session.user.email));
      if (!ok) {
        log?.warn({ event: "auth.password.failure", adminId: session.user._id, email: session.user.email }, "password change refused");
        throw new HttpError(400, WRONG_CURRENT_PASSWORD);
      }
      const passwordHash = await hash(newPassword, ARGON2);
      const revoked = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users._id, session.user._id));
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

    /** The session of a valid token, or null (bad signature, expired, wrong issuer/audience, signed out, deleted user). */
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
        .select({ _id: users._id, email: users.email, createdAt: users.createdAt, mustChangePassword: users.mustChangePassword })
        .from(sessions)
        .innerJoin(users, eq(users._id, sessions.userId))
        .where(and(eq(sessions._id, claims.jti), eq(sessions.userId, claims.sub), gt(sessions.expiresAt, sql`now()`)))
        .limit(1);
      return row ? { user: toUser(row), sessionId: claims.jti, mustChangePassword: row.mustChangePassword } : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
