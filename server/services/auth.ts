import { hash, verify } from "@node-rs/argon2";
import { and, count, eq, gt, lt } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { User } from "../../shared/schemas/auth";
import type { Db } from "../db/client";
import { loginFailures, users } from "../db/schema/index";
import { HttpError } from "../lib/http-error";

const ISSUER = "marine-algae";
const AUDIENCE = "marine-algae-admin";
const ALGORITHM = "HS256";
const TOKEN_TTL = "12h";
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 5;
export const INVALID_CREDENTIALS = "Email ou mot de passe incorrect";

/** Argon2id is the library default (its `Algorithm` const enum cannot be imported under verbatimModuleSyntax). */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** Verifying against this keeps unknown e-mails as slow as wrong passwords. */
let dummyHash: Promise<string> | undefined;

function toUser(row: typeof users.$inferSelect): User {
  return { _id: row._id, email: row.email, createdAt: row.createdAt };
}

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
    return new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(user._id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(key);
  }

  return {
    countAdmins: () => countAdmins(db),
    createUser: (email: string, password: string) => createAdmin(db, email, password),

    async login(email: string, password: string): Promise<{ token: string; user: User }> {
      const normalized = email.trim().toLowerCase();
      const since = new Date(Date.now() - FAILURE_WINDOW_MS).toISOString();
      const [failures] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, normalized), gt(loginFailures.createdAt, since)));
      if ((failures?.n ?? 0) >= MAX_FAILURES_PER_ACCOUNT) {
        throw new HttpError(429, "Trop de tentatives. Réessayez dans 15 minutes. / Too many attempts, try again in 15 minutes.");
      }
      const [row] = await db.select().from(users).where(eq(users.email, normalized)).limit(1);
      dummyHash ??= hash("not-a-real-password", ARGON2);
      let ok = false;
      if (row) ok = await verify(row.passwordHash, password);
      else await verify(await dummyHash, password);
      if (!row || !ok) {
        await db.insert(loginFailures).values({ email: normalized });
        await db.delete(loginFailures).where(lt(loginFailures.createdAt, since));
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await db.delete(loginFailures).where(eq(loginFailures.email, normalized));
      const user = toUser(row);
      return { token: await issueToken(user), user };
    },

    /** Returns the user of a valid token, or null (bad signature, expired, wrong issuer/audience, deleted user). */
    async verifyToken(token: string): Promise<User | null> {
      let subject: string | undefined;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
        subject = payload.sub;
      } catch {
        return null;
      }
      if (!subject) return null;
      // Outside the try: an unreachable database is a 503 (error handler), not a signed-out 401.
      const [row] = await db.select().from(users).where(eq(users._id, subject)).limit(1);
      return row ? toUser(row) : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
