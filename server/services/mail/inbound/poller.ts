import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { MAIL_LIMITS } from "@shared/limits";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { ImapFlow } from "imapflow";
import type { Db } from "../../../db/client";
import { mailboxCursor } from "../../../db/schema/index";
import { reasonOf } from "../outbox";
import { type CursorStep, type ImportOutcome, type InboundImporter, LostLease } from "./importer";

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type MailboxConfig = { host: string; port: number; secure: boolean; user: string; password: string; mailbox: string };

/** `imaps://user:pass@host:993/INBOX` (or `imap://` without TLS, port 143) as the client needs it; throws on anything else. */
export function parseImapUrl(value: string): MailboxConfig {
  const url = new URL(value);
  if (url.protocol !== "imap:" && url.protocol !== "imaps:") throw new Error("IMAP_URL must start with imap:// or imaps://");
  if (!url.username) throw new Error("IMAP_URL must name the mailbox's user");
  const secure = url.protocol === "imaps:";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox: decodeURIComponent(url.pathname.replace(/^\/+/, "")) || "INBOX",
  };
}

export type PollerOptions = {
  /** Longest wait between two looks at the mailbox when IDLE says nothing (or the server has no IDLE). */
  pollMs?: number;
  /** How long one instance holds the poll; renewed at each round, taken over by another instance once lapsed. */
  leaseMs?: number;
  /** First wait after a failure; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Only this process can use the database (the embedded one, locked to one process): the lease a killed predecessor
   * left is taken at once instead of after it lapses.
   */
  exclusive?: boolean;
};

export const POLLER_DEFAULTS = {
  pollMs: 60_000,
  leaseMs: 3 * 60_000,
  backoffMs: 5_000,
  maxBackoffMs: 5 * 60_000,
  exclusive: false,
} satisfies Required<PollerOptions>;

/** What /metrics and the inbox screen say of the poll (each instance's own view; the database row is shared). */
export type PollerHealth = {
  enabled: boolean;
  /** This instance holds the lease and its connection is open. */
  connected: boolean;
  lastSuccessAt: string | null;
  lastError: string | null;
  imported: number;
  unmatched: number;
  errors: number;
};

/**
 * The poll of the company mailbox (decision 0115). One instance at a time holds it (a lease in `mailbox_cursor`, taken
 * over once it lapses, so a `kill -9` stops nothing for long); that instance keeps one IMAP connection with the mailbox
 * opened read-only (EXAMINE: no flag is ever set, nothing moved or deleted), is woken by IDLE's new-message news and a
 * timer, and fetches every UID above the cursor, one mail at a time, each import and the cursor's step in one
 * transaction. A new UIDVALIDITY restarts from the first UID (the unique Message-IDs keep that from importing twice).
 * A failure closes the connection and retries with back-off; the database and the site carry on.
 */
export function createMailboxPoller(db: Db, importer: InboundImporter, config: MailboxConfig, log: Log, options: PollerOptions = {}) {
  const o = { ...POLLER_DEFAULTS, ...options };
  const mailboxKey = `${config.user}@${config.host}:${config.port}/${config.mailbox}`;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const health: PollerHealth = {
    enabled: true,
    connected: false,
    lastSuccessAt: null,
    lastError: null,
    imported: 0,
    unmatched: 0,
    errors: 0,
  };
  let client: ImapFlow | null = null;
  let stopped = true;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  /** Takes or renews the lease; false while another live instance holds it. */
  async function lease(): Promise<boolean> {
    const until = sql`now() + make_interval(secs => ${o.leaseMs / 1000})`;
    await db.insert(mailboxCursor).values({ mailbox: mailboxKey }).onConflictDoNothing();
    const held = await db
      .update(mailboxCursor)
      .set({ holder, leaseUntil: until })
      .where(
        and(
          eq(mailboxCursor.mailbox, mailboxKey),
          o.exclusive
            ? undefined
            : or(eq(mailboxCursor.holder, holder), isNull(mailboxCursor.leaseUntil), lt(mailboxCursor.leaseUntil, sql`now()`)),
        ),
      )
      .returning({ mailbox: mailboxCursor.mailbox });
    return held.length > 0;
  }

  async function release(): Promise<void> {
    await db
      .update(mailboxCursor)
      .set({ holder: null, leaseUntil: null })
      .where(and(eq(mailboxCursor.mailbox, mailboxKey), eq(mailboxCursor.holder, holder)));
  }

  async function disconnect(): Promise<void> {
    const open = client;
    client = null;
    health.connected = false;
    if (!open) return;
    open.removeAllListeners();
    open.on("error", () => {});
    await open.logout().catch(() => open.close());
  }

  async function connect(): Promise<ImapFlow> {
    if (client?.usable) return client;
    await disconnect();
    // Loaded on the first connection (with mailparser below): a server without IMAP_URL never holds them (issue 34).
    const { ImapFlow } = await import("imapflow");
    const opened = new ImapFlow({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: { user: config.user, pass: config.password },
      logger: false,
      // IDLE (new mail told at once) opens once the connection has been quiet this long.
      autoIdleDelay: 2_000,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
    });
    opened.on("error", (error: unknown) => log.warn({ err: error, event: "mailbox.connection_error" }, "mailbox connection error"));
    opened.on("close", () => {
      if (client === opened) {
        client = null;
        health.connected = false;
        if (!stopped) schedule(o.backoffMs);
      }
    });
    // IDLE (opened by the client itself when the connection is quiet) tells of new mail at once.
    opened.on("exists", () => wake());
    await opened.connect();
    await opened.mailboxOpen(config.mailbox, { readOnly: true });
    client = opened;
    health.connected = true;
    return opened;
  }

  /** The cursor for the mailbox as opened now: back to the start when its UIDVALIDITY changed. */
  async function cursorFor(uidValidity: number): Promise<number> {
    const [row] = await db.select().from(mailboxCursor).where(eq(mailboxCursor.mailbox, mailboxKey));
    if (!row || row.holder !== holder) throw new LostLease();
    if (row.uidValidity === uidValidity) return row.lastUid;
    log.info(
      { event: "mailbox.uidvalidity_changed", from: row.uidValidity, to: uidValidity },
      "mailbox UIDVALIDITY changed: reading it again from the start",
    );
    await db
      .update(mailboxCursor)
      .set({ uidValidity, lastUid: 0 })
      .where(and(eq(mailboxCursor.mailbox, mailboxKey), eq(mailboxCursor.holder, holder)));
    return 0;
  }

  /** One part of a mail: its headers, or its whole source; null when it was expunged meanwhile. */
  async function fetchPart(imap: ImapFlow, uid: number, part: "headers" | "source"): Promise<Buffer | null> {
    const message = await imap.fetchOne(String(uid), { uid: true, [part]: true }, { uid: true });
    return (message ? message[part] : undefined) ?? null;
  }

  /**
   * Looks at one mail: its headers first, so a mail that answers none of our threads (most of a company mailbox) or is
   * our own is stepped over without downloading it; then the whole mail (its headers alone beyond the size cap).
   */
  async function take(imap: ImapFlow, step: CursorStep, size: number): Promise<ImportOutcome> {
    const headers = await fetchPart(imap, step.uid, "headers");
    if (!headers) return "unmatched";
    const { parseInbound } = await import("./parse");
    const head = await parseInbound(headers, true);
    const thread = head.report ? undefined : await importer.threadOf(head);
    if (thread === null || thread === "ours") {
      await importer.skip(step);
      return thread === "ours" ? "ours" : "unmatched";
    }
    const whole = size <= MAIL_LIMITS.inboundSourceMaxBytes;
    const source = whole ? await fetchPart(imap, step.uid, "source") : headers;
    if (!source) return "unmatched";
    return importer.importMail(await parseInbound(source, !whole), step, new Date().toISOString(), thread);
  }

  /** One round: every mail above the cursor, a batch at a time, each imported and stepped over in one transaction. */
  async function round(): Promise<void> {
    if (!(await lease())) {
      await disconnect();
      return;
    }
    const imap = await connect();
    const box = imap.mailbox;
    if (!box) throw new Error("mailbox not open");
    const uidValidity = Number(box.uidValidity);
    let last = await cursorFor(uidValidity);
    for (;;) {
      const pending: { uid: number; size: number }[] = [];
      // NOOP makes the server tell what arrived since (EXISTS), whether or not it has IDLE.
      await imap.noop();
      if ((imap.mailbox || box).exists > 0)
        for await (const message of imap.fetch(`${last + 1}:*`, { uid: true, size: true }, { uid: true }))
          if (message.uid > last) pending.push({ uid: message.uid, size: message.size ?? 0 });
      pending.sort((a, b) => a.uid - b.uid);
      for (const { uid, size } of pending.slice(0, MAIL_LIMITS.pollBatch)) {
        if (stopped) return;
        const outcome = await take(imap, { mailbox: mailboxKey, holder, uidValidity, uid }, size);
        if (outcome === "imported") health.imported += 1;
        if (outcome === "unmatched" || outcome === "full") health.unmatched += 1;
        log.info({ event: "mailbox.mail", uid, outcome }, "mailbox: mail looked at");
        last = uid;
      }
      if (pending.length <= MAIL_LIMITS.pollBatch) break;
      if (!(await lease())) return;
    }
    const now = new Date().toISOString();
    await db.update(mailboxCursor).set({ lastSuccessAt: now, lastError: null }).where(eq(mailboxCursor.mailbox, mailboxKey));
    health.lastSuccessAt = now;
    health.lastError = null;
  }

  function schedule(ms: number): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(wake, ms);
    timer.unref();
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        await round();
        failures = 0;
        schedule(again ? 0 : o.pollMs);
      } catch (error) {
        if (error instanceof LostLease) {
          await disconnect();
          schedule(o.pollMs);
          return;
        }
        failures += 1;
        health.errors += 1;
        health.lastError = reasonOf(error);
        const delay = Math.min(o.backoffMs * 2 ** (failures - 1), o.maxBackoffMs);
        log.error({ err: error, event: "mailbox.poll_failed", failures, retryInMs: delay }, "mailbox poll failed, retrying later");
        await db
          .update(mailboxCursor)
          .set({ lastError: health.lastError, lastErrorAt: sql`now()` })
          .where(eq(mailboxCursor.mailbox, mailboxKey))
          .catch(() => undefined);
        await disconnect();
        schedule(delay);
      }
    })().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        wake();
      }
    });
  }

  return {
    mailboxKey,
    health,
    /** Starts polling: a round now, then on IDLE's news and the timer. Never throws: a mailbox away is retried. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      wake();
    },
    wake,
    /** Waits for the round under way, closes the connection and hands the lease back. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      await disconnect();
      await release().catch(() => undefined);
    },
    /** The shared state of the poll (every instance reads the same row). */
    async state() {
      const [row] = await db.select().from(mailboxCursor).where(eq(mailboxCursor.mailbox, mailboxKey));
      return row ?? null;
    },
  };
}
export type MailboxPoller = ReturnType<typeof createMailboxPoller>;
