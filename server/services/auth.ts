import { hash, verify } from "@node-rs/argon2";
import { and, count, eq, gt, lt, ne, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { User } from "../../shared/schemas/auth";
import { idSchema } from "../../shared/schemas/common";
import type { Db } from "../db/client";
import { loginFailures, sessions, users } from "../db/schema/index";
import { HttpError } from "../lib/http-error";

const ISSUER = "marine-algae";
const AUDIENCE = "marine-algae-admin";
const ALGORITHM = "HS256";
const TOKEN_TTL_SECONDS = 12 * 60 * 60;
export const INVALID_CREDENTIALS = "Email ou mot de passe incorrect";
export const WRONG_CURRENT_PASSWORD = "Mot de passe actuel incorrect / Current password is incorrect";

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

/** A signed-in admin: the account and the session (the token's `jti`). */
export type AuthSession = { user: User; sessionId: string };

/** What the security log records about sign-in events (never the password or the token). */
export type AuthEvents = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function createAdmin(db: Db, email: string, password: string): Promise<User> {
  const passwordHash = await hash(password, ARGON2);
  const [row] = await db.insert(users).values({ email: email.trim().toLowerCase(), passwordHash }).onConflictDoNothing().returning();
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

  /** Checks the lock, then the password (as slowly for unknown accounts); counts failures. Throws 429 when locked. */
  async function checkPassword(
    email: string,
    password: string,
    log?: AuthEvents,
  ): Promise<{ row: typeof users.$inferSelect | undefined; ok: boolean; lockedSeconds: number }> {
    const locked = await lockedForSeconds(email);
    if (locked > 0) {
      log?.warn({ event: "auth.locked", email, retryAfterSeconds: locked }, "sign-in refused: account locked");
      throw lockedError(locked);
    }
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    dummyHash ??= hash("not-a-real-password", ARGON2);
    let ok = false;
    if (row) ok = await verify(row.passwordHash, password);
    else await verify(await dummyHash, password);
    if (ok) {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
      return { row, ok, lockedSeconds: 0 };
    }
    const lockedSeconds = await recordFailure(email);
    if (lockedSeconds > 0) log?.warn({ event: "auth.lockout", email, retryAfterSeconds: lockedSeconds }, "account locked");
    return { row, ok, lockedSeconds };
  }

  return {
    countAdmins: () => countAdmins(db),
    createUser: (email: string, password: string) => createAdmin(db, email, password),

    async login(email: string, password: string, log?: AuthEvents): Promise<{ token: string; user: User }> {
      const normalized = email.trim().toLowerCase();
      const { row, ok } = await checkPassword(normalized, password, log);
      if (!row || !ok) {
        log?.warn({ event: "auth.login.failure", email: normalized }, "sign-in failed");
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      const user = toUser(row);
      log?.info({ event: "auth.login.success", adminId: user._id, email: user.email }, "signed in");
      return { token: await issueToken(user), user };
    },

    /** Ends one session: its token is refused from now on, on every instance. */
    async logout(session: AuthSession, log?: AuthEvents): Promise<void> {
      await db.delete(sessions).where(eq(sessions._id, session.sessionId));
      log?.info({ event: "auth.logout", adminId: session.user._id, email: session.user.email }, "signed out");
    },

    /** Changes the password after checking the current one (counted like a sign-in), and ends every other session. */
    async changePassword(session: AuthSession, currentPassword: string, newPassword: string, log?: AuthEvents): Promise<void> {
      const { ok } = await checkPassword(session.user.email, currentPassword, log);
      if (!ok) {
        log?.warn({ event: "auth.password.failure", adminId: session.user._id, email: session.user.email }, "password change refused");
        throw new HttpError(400, WRONG_CURRENT_PASSWORD);
      }
      const passwordHash = await hash(newPassword, ARGON2);
      const revoked = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users._id, session.user._id));
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
        .select({ _id: users._id, email: users.email, createdAt: users.createdAt })
        .from(sessions)
        .innerJoin(users, eq(users._id, sessions.userId))
        .where(and(eq(sessions._id, claims.jti), eq(sessions.userId, claims.sub), gt(sessions.expiresAt, sql`now()`)))
        .limit(1);
      return row ? { user: toUser(row), sessionId: claims.jti } : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
