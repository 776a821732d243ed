import { createHash, randomBytes } from "node:crypto";
import { COMPANY } from "@shared/company";
import { ROLE_LABELS, type Role } from "@shared/roles";
import {
  ADMIN_SECURITY,
  type AdminAccount,
  type CreateAdminResponse,
  type InvitationInfo,
  type PendingInvitation,
} from "@shared/schemas/admin-security";
import type { PageQuery } from "@shared/schemas/page";
import type { Signature } from "@shared/schemas/signature";
import { and, asc, count, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminInvitations, users } from "../db/schema/index";
import { API_TEXTS, apiText } from "../lib/error-texts";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { HttpError, isUniqueViolation, notFound } from "../lib/http-error";
import { type CreatedCursor, createdCursorSchema, decodeCursor, type Page, pageOf } from "../lib/keyset";
import { type AuthService, type AuthSession, type Client, EMAIL_TAKEN, hashSecret } from "./auth";
import type { createOutbox } from "./mail/outbox";
import { invitationMail, type MailBrand } from "./mail/templates/index";
import { newOneTimePassword } from "./totp";

export const CANNOT_REMOVE_SELF = API_TEXTS["admin.cannot_remove_self"];
export const CANNOT_REMOVE_LAST = API_TEXTS["admin.cannot_remove_last"];
export const ADMIN_EXISTS = EMAIL_TAKEN;
export const ADMIN_NOT_FOUND = apiText({ code: "not_found", params: { item: "administrator" } });
export const INVITATION_INVALID = API_TEXTS["invitation.invalid"];

type Outbox = ReturnType<typeof createOutbox>;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function toAccount(row: typeof users.$inferSelect): AdminAccount {
  return {
    _id: row._id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt,
    totpEnabled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
  };
}

function toInvitation(row: typeof adminInvitations.$inferSelect): PendingInvitation {
  return { _id: row._id, email: row.email, role: row.role, createdAt: row.createdAt, expiresAt: row.expiresAt };
}

/** Rows after `position` in the oldest-first order of (created_at, id) of `table` (administrators, invitations). */
const after = (table: typeof users | typeof adminInvitations, position: CreatedCursor): SQL =>
  sql`(${table.createdAt}, ${table._id}) > (${position[0]}::timestamptz, ${position[1]}::uuid)`;

/** Every account, locked until the transaction ends: the checks that keep one administrator see a stable set. */
const lockAccounts = (tx: Pick<Db, "select">) =>
  tx.select({ _id: users._id, email: users.email, role: users.role }).from(users).for("update");

/** Whether the accounts without `id` hold no administrator. */
const leavesNoAdministrator = (accounts: { _id: string; role: Role }[], id: string) =>
  !accounts.some((account) => account._id !== id && account.role === "admin");

/** Administrators: list, add (one-time password or invitation), remove (never oneself, never the last). */
export function createUserService(db: Db, outbox: Outbox, auth: AuthService, publicUrl: string, brand: () => Promise<MailBrand>) {
  const pending = () => and(isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, sql`now()`));

  async function emailTaken(email: string): Promise<boolean> {
    const [row] = await db.select({ n: count() }).from(users).where(eq(users.email, email));
    return (row?.n ?? 0) > 0;
  }

  /** The invitation a token opens, if it is unused and not expired. */
  async function openInvitation(token: string) {
    const [row] = await db
      .select()
      .from(adminInvitations)
      .where(
        and(
          eq(adminInvitations.tokenHash, hashToken(token)),
          isNull(adminInvitations.acceptedAt),
          gt(adminInvitations.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row;
  }

  /** The signature an account's replies carry (none for an unknown account: a reply made without a session). */
  async function signatureOf(userId: string | undefined): Promise<Signature> {
    if (!userId) return { name: "", title: "", phone: "" };
    const [row] = await db
      .select({ name: users.signatureName, title: users.signatureTitle, phone: users.signaturePhone })
      .from(users)
      .where(eq(users._id, userId));
    return row ?? { name: "", title: "", phone: "" };
  }

  return {
    /** One page of the administrators, oldest first (decision 0092); `total` counts them all. */
    async list(query: PageQuery): Promise<Page<AdminAccount> & { total: number }> {
      const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor, createdCursorSchema);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(position && after(users, position))
          .orderBy(asc(users.createdAt), asc(users._id))
          .limit(query.limit + 1),
        db.select({ n: count() }).from(users),
      ]);
      const page = pageOf(rows, query.limit, (row) => [row.createdAt, row._id]);
      return { ...page, items: page.items.map(toAccount), total: counted?.n ?? 0 };
    },

    /** One page of the invitations not yet accepted nor expired, oldest first; `total` counts them all. */
    async invitations(query: PageQuery): Promise<Page<PendingInvitation> & { total: number }> {
      const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor, createdCursorSchema);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(adminInvitations)
          .where(and(pending(), position && after(adminInvitations, position)))
          .orderBy(asc(adminInvitations.createdAt), asc(adminInvitations._id))
          .limit(query.limit + 1),
        db.select({ n: count() }).from(adminInvitations).where(pending()),
      ]);
      const page = pageOf(rows, query.limit, (row) => [row.createdAt, row._id]);
      return { ...page, items: page.items.map(toInvitation), total: counted?.n ?? 0 };
    },

    async createWithPassword(email: string, role: Role): Promise<CreateAdminResponse> {
      const oneTimePassword = newOneTimePassword();
      let created: { _id: string };
      try {
        created = await auth.createUserWithOneTimePassword(email, oneTimePassword, role);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 409) throw new HttpError(409, { code: "admin.email_taken" });
        throw error;
      }
      const [row] = await db.select().from(users).where(eq(users._id, created._id));
      if (!row) throw new Error("created admin not found");
      return { mode: "password", user: toAccount(row), oneTimePassword };
    },

    /** Writes the invitation and its e-mail in one transaction; the link's token is never stored, only its hash. */
    async invite(email: string, role: Role, session: AuthSession): Promise<CreateAdminResponse> {
      if (await emailTaken(email)) throw new HttpError(409, { code: "admin.email_taken" });
      const token = randomBytes(32).toString("base64url");
      const link = `${publicUrl}/admin/invitation?token=${token}`;
      const mail = await invitationMail({ brand: await brand(), link, invitedBy: session.user.email, roleLabels: ROLE_LABELS[role] });
      const row = await db.transaction(async (tx) => {
        // A new invitation to the same address replaces the pending one (its link stops working).
        await tx.delete(adminInvitations).where(and(eq(adminInvitations.email, email), isNull(adminInvitations.acceptedAt)));
        const [inserted] = await tx
          .insert(adminInvitations)
          .values({
            email,
            tokenHash: hashToken(token),
            invitedBy: session.user._id,
            role,
            expiresAt: sql`now() + ${`${ADMIN_SECURITY.invitationHours} hours`}::interval`,
          })
          .returning();
        if (!inserted) throw new Error("invitation not stored");
        await outbox.enqueue(tx, {
          kind: "invitation",
          submissionId: null,
          to: email,
          subject: `Invitation à administrer le site ${COMPANY.name} / Invitation to manage the ${COMPANY.name} website`,
          text: mail.text,
          html: mail.html,
          secret: true,
        });
        return inserted;
      });
      outbox.wake();
      return { mode: "invitation", invitation: toInvitation(row) };
    },

    signatureOf,

    /** Sets one's signature (Mon compte); the history line names what changed. */
    async setSignature(userId: string, signature: Signature, onChanges?: ChangeSink): Promise<Signature> {
      const before = await signatureOf(userId);
      await db
        .update(users)
        .set({ signatureName: signature.name, signatureTitle: signature.title, signaturePhone: signature.phone })
        .where(eq(users._id, userId));
      onChanges?.(fieldChanges(before, signature, ["name", "title", "phone"]));
      return signature;
    },

    /** Answers the cancelled invitation's e-mail (for the history). */
    async cancelInvitation(id: string): Promise<string> {
      const [deleted] = await db
        .delete(adminInvitations)
        .where(and(eq(adminInvitations._id, id), isNull(adminInvitations.acceptedAt)))
        .returning({ email: adminInvitations.email });
      if (!deleted) throw notFound("invitation");
      return deleted.email;
    },

    async invitationInfo(token: string): Promise<InvitationInfo> {
      const row = await openInvitation(token);
      if (!row) throw new HttpError(410, { code: "invitation.invalid" });
      return { email: row.email, expiresAt: row.expiresAt };
    },

    /** Creates the account and spends the invitation in one transaction (a second use finds it accepted), then signs in. */
    async acceptInvitation(token: string, password: string, client: Client) {
      const row = await openInvitation(token);
      if (!row) throw new HttpError(410, { code: "invitation.invalid" });
      const passwordHash = await hashSecret(password);
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          const spent = await tx
            .update(adminInvitations)
            .set({ acceptedAt: sql`now()` })
            .where(and(eq(adminInvitations._id, row._id), isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, sql`now()`)))
            .returning({ id: adminInvitations._id });
          if (spent.length === 0) throw new HttpError(410, { code: "invitation.invalid" });
          const [created] = await tx.insert(users).values({ email: row.email, passwordHash, role: row.role }).returning({ id: users._id });
          if (!created) throw new Error("user not stored");
          return created.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, { code: "admin.email_taken" });
        throw error;
      }
      const [user] = await db.select().from(users).where(eq(users._id, userId));
      if (!user) throw new Error("accepted user not found");
      const account = { _id: user._id, email: user.email, role: user.role, createdAt: user.createdAt };
      return { token: await auth.issueToken(account, client), user: account };
    },

    /**
     * Removes an account: never the caller's, never the last administrator. The rows are locked first so two
     * administrators removing each other at once on PostgreSQL cannot leave none. Answers its e-mail (for the history).
     */
    async remove(id: string, session: AuthSession): Promise<string> {
      if (id === session.user._id) throw new HttpError(400, { code: "admin.cannot_remove_self" });
      return db.transaction(async (tx) => {
        const all = await lockAccounts(tx);
        const target = all.find((u) => u._id === id);
        if (!target) throw notFound("administrator");
        if (leavesNoAdministrator(all, id)) throw new HttpError(409, { code: "admin.cannot_remove_last" });
        await tx.delete(users).where(eq(users._id, id));
        return target.email;
      });
    },

    /**
     * Gives an account another role, locked like a removal: the last administrator keeps theirs, also when two
     * administrators demote each other at once. The role is read at every request, so it applies at the account's next one.
     */
    async changeRole(id: string, role: Role, onChanges: ChangeSink): Promise<AdminAccount> {
      return db.transaction(async (tx) => {
        const all = await lockAccounts(tx);
        const target = all.find((u) => u._id === id);
        if (!target) throw notFound("administrator");
        if (role !== "admin" && leavesNoAdministrator(all, id)) throw new HttpError(409, { code: "admin.cannot_demote_last" });
        const [row] = await tx.update(users).set({ role }).where(eq(users._id, id)).returning();
        if (!row) throw notFound("administrator");
        if (target.role !== role) onChanges([{ field: "role", before: target.role, after: role }]);
        return toAccount(row);
      });
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
