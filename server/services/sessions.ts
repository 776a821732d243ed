import { ADMIN_SECURITY, type AdminSession, type EndedSessions } from "@shared/schemas/admin-security";
import type { DeviceClass } from "@shared/schemas/analytics";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema/index";
import { API_TEXTS, apiText } from "../lib/error-texts";
import { HttpError, notFound } from "../lib/http-error";
import type { SecurityConfig } from "../lib/security-config";
import type { AuthEvents, AuthSession } from "./auth";

export const SESSION_NOT_FOUND = apiText({ code: "not_found", params: { item: "session" } });
export const USE_END_OTHERS = API_TEXTS["session.end_own"];

const DEVICES: ReadonlySet<string> = new Set<DeviceClass>(["phone", "tablet", "desktop"]);
const isDevice = (value: string): value is DeviceClass => DEVICES.has(value);

function toSession(row: typeof sessions.$inferSelect, currentId: string): AdminSession {
  return {
    _id: row._id,
    browser: row.browser || null,
    device: isDevice(row.device) ? row.device : null,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    current: row._id === currentId,
  };
}

/**
 * The sessions of an account: listed in "Mon compte", ended one by one or all but the caller's; an administrator ends
 * all of another's. Ending a session deletes its row, so its token is refused at once on every instance (auth.ts).
 */
export function createSessionService(db: Db, config: SecurityConfig) {
  const idle = sql`${`${config.sessionIdleMinutes} minutes`}::interval`;

  return {
    /** The account's sessions still in force (neither past their end nor idle too long), most recently active first. */
    async list(session: AuthSession): Promise<AdminSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(eq(sessions.userId, session.user._id), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - ${idle}`)),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
        .limit(ADMIN_SECURITY.sessionsListMax);
      return rows.map((row) => toSession(row, session.sessionId));
    },

    /** Ends one session of the caller's account (the caller's own is a sign-out); 404 for any other id. */
    async end(session: AuthSession, id: string, log?: AuthEvents): Promise<{ current: boolean }> {
      const [ended] = await db
        .delete(sessions)
        .where(and(eq(sessions._id, id), eq(sessions.userId, session.user._id)))
        .returning({ _id: sessions._id });
      if (!ended) throw notFound("session");
      const current = id === session.sessionId;
      log?.info(
        { event: "auth.session.ended", adminId: session.user._id, email: session.user.email, sessionId: id, current },
        "session ended",
      );
      return { current };
    },

    /** Ends every session of the caller's account but the caller's. */
    async endOthers(session: AuthSession, log?: AuthEvents): Promise<EndedSessions> {
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, session.user._id), ne(sessions._id, session.sessionId)))
        .returning({ _id: sessions._id });
      log?.info(
        { event: "auth.session.ended_others", adminId: session.user._id, email: session.user.email, revokedSessions: ended.length },
        "other sessions ended",
      );
      return { ended: ended.length };
    },

    /**
     * Ends every session of another administrator (a lost laptop, a colleague leaving); answers their e-mail for the
     * history. One's own go through `endOthers`, which keeps the caller signed in.
     */
    async endAllOf(userId: string, session: AuthSession, log?: AuthEvents): Promise<string> {
      if (userId === session.user._id) throw new HttpError(400, { code: "session.end_own" });
      const [target] = await db.select({ email: users.email }).from(users).where(eq(users._id, userId)).limit(1);
      if (!target) throw notFound("administrator");
      const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ _id: sessions._id });
      log?.info(
        {
          event: "auth.session.ended_by_admin",
          adminId: session.user._id,
          email: session.user.email,
          targetId: userId,
          targetEmail: target.email,
          revokedSessions: ended.length,
        },
        "sessions of another administrator ended",
      );
      return target.email;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
