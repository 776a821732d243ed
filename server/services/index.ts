import type { Db } from "../db/client";
import { type Clock, systemClock } from "../lib/clock";
import { createSealer } from "../lib/encryption";
import { createBudgets, createCounters } from "../lib/rate-limit-store";
import { SECURITY_DEFAULTS, type SecurityConfig } from "../lib/security-config";
import { createResourceServices } from "../resources";
import { createAnalyticsService } from "./analytics";
import { createAnalyticsRollup } from "./analytics-rollup";
import { createAuthService } from "./auth";
import { createFinderService } from "./catalogue/finder";
import { createPreviewService } from "./catalogue/preview";
import { createDbUpkeep } from "./db-upkeep";
import { createDocumentPackService } from "./document-packs";
import { createHistoryService } from "./history";
import { createImageSweeper } from "./image-sweep";
import { createInboxService } from "./inbox";
import { createThreadService } from "./inbox-thread";
import { createInboundImporter } from "./mail/inbound/importer";
import { createMailboxPoller, type MailboxConfig, type PollerOptions } from "./mail/inbound/poller";
import { createOutbox, type OutboxOptions } from "./mail/outbox";
import { brandFrom } from "./mail/templates/index";
import type { Mailer } from "./mail/types";
import { createPrivacyService } from "./privacy";
import { createScheduleService } from "./schedule";
import { createSessionService } from "./sessions";
import { createSetupChecklist } from "./setup-checklist";
import { createSiteSearchService } from "./site-search";
import { createSpecSheetService } from "./spec-sheets/index";
import type { ImageStorage } from "./storage/types";
import { createTranslationService } from "./translation-flags";
import { createUserService } from "./users";
import { createVersionService } from "./versions";

export type ServiceDeps = {
  db: Db;
  mailer: Mailer;
  storage: ImageStorage;
  jwtSecret: string;
  /** Absolute site address, for links in e-mails and the sitemap. */
  publicUrl: string;
  /** Logs what must not fail a request (e.g. the contact notification e-mail). */
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The company mailbox whose answers join their threads (IMAP_URL); none: the import is off. */
  mailbox?: { config: MailboxConfig; options?: PollerOptions } | undefined;
  /** Retry timings of the mail outbox (defaults in OUTBOX_DEFAULTS). */
  outbox?: OutboxOptions;
  /** Encrypts secrets at rest (lib/encryption.ts): from DATA_ENCRYPTION_KEY or `<DATA_DIR>/data-key`, never the database. */
  dataKey: Buffer;
  /** Session, one-time-password and retention timings (defaults in SECURITY_DEFAULTS). */
  security?: Partial<SecurityConfig>;
  /** Where scheduling reads the time (banner windows, product publication); tests move it by hand. */
  clock?: Clock;
  /** Per-client rate limits and the budgets of mail the public can trigger (lib/rate-limits.ts); on unless false. */
  rateLimit?: boolean;
  /** The contact form's minimum fill time (spam rule "too-fast", default MIN_FILL_MS); the browser suite sets 0. */
  contactMinFillMs?: number;
};

export function createServices(deps: ServiceDeps) {
  const { db } = deps;
  const security: SecurityConfig = { ...SECURITY_DEFAULTS, ...deps.security };
  const sealer = createSealer(deps.dataKey);
  const outbox = createOutbox(db, deps.mailer, deps.log, sealer, (hash) => deps.storage.openDocument(hash), deps.outbox);
  const clock = deps.clock ?? systemClock;
  // The declared resources' own services (server/resources.ts), each under its name.
  const resources = createResourceServices({ db, clock, storage: deps.storage, log: deps.log });
  const auth = createAuthService(db, deps.jwtSecret, sealer, security, deps.log);
  const publicUrl = deps.publicUrl.replace(/\/+$/, "");
  const counters = createCounters(db);
  const budgets = createBudgets(counters, deps.rateLimit !== false);
  const importer = createInboundImporter(db, deps.storage);
  // The embedded database's vacuum and analyze (PostgreSQL's autovacuum does not run in PGlite): daily, and after the
  // rollups' housekeeping changed the visits' tables in bulk. Once the rollups are counted, the statistics are read once
  // so their sums are held before an administrator asks, and before old visits are deleted.
  const upkeep = createDbUpkeep(db, deps.log);
  const analytics = createAnalyticsService(
    db,
    deps.publicUrl,
    createAnalyticsRollup(db, {
      rawRetentionDays: security.visitRetentionDays,
      log: deps.log,
      afterRollup: async (rolledDays) => {
        try {
          if (rolledDays > 0) await upkeep.vacuum(["analytics_daily"]);
          await analytics.warm();
        } catch (error) {
          deps.log.error({ err: error }, "statistics warm-up failed");
        }
      },
      afterPrune: async (deletedVisits) => {
        if (deletedVisits > 0) await upkeep.vacuum(["analytics_visits"]).catch(() => undefined);
      },
    }),
  );
  const mailbox = deps.mailbox ? createMailboxPoller(db, importer, deps.mailbox.config, deps.log, deps.mailbox.options) : null;
  const threads = createThreadService(db, deps.storage, mailbox, deps.log);
  const brand = async () => brandFrom(publicUrl, await resources.settings.get());
  const users = createUserService(db, outbox, auth, publicUrl, brand);
  const inbox = createInboxService(db, outbox, deps.mailer.from, budgets, {
    formSecret: deps.jwtSecret,
    brand,
    threads,
    signatureOf: users.signatureOf,
    countDocument: resources.documents.countDownload,
    log: deps.log,
    clock,
    ...(deps.contactMinFillMs === undefined ? {} : { minFillMs: deps.contactMinFillMs }),
  });
  return {
    ...resources,
    auth,
    users,
    sessions: createSessionService(db, security),
    history: createHistoryService(db, deps.log),
    versions: createVersionService(db, deps.log),
    preview: createPreviewService(resources.products, deps.jwtSecret),
    schedule: createScheduleService(db, clock),
    search: createSiteSearchService(db, clock, budgets),
    finder: createFinderService(db, clock),
    /** Product spec sheets and the catalogue as PDFs (decision 0126). */
    specSheets: createSpecSheetService({ db, clock, products: resources.products, settings: resources.settings, publicUrl }),
    threads,
    inbox,
    packs: createDocumentPackService(
      db,
      { storage: deps.storage, inbox, outbox, brand, publicUrl },
      resources.documents.countDownload,
      clock,
    ),
    privacy: createPrivacyService(db, security.messageRetentionDays, deps.log, deps.mailer.emlFiles),
    analytics,
    upkeep,
    counters,
    translations: createTranslationService(db),
    storage: deps.storage,
    images: createImageSweeper(db, deps.storage, deps.log),
    /** The configured site origin without a trailing slash: pages and the sitemap never use the request's Host. */
    publicUrl,
    clock,
    mailer: deps.mailer,
    outbox,
    importer,
    /** The poll of the company mailbox, or null when IMAP_URL is unset. */
    mailbox,
    /** The dashboard's setup checklist of a new site (issue 32). */
    setup: createSetupChecklist(db, resources.settings, mailbox !== null),
    security,
    sealer,
  };
}
export type Services = ReturnType<typeof createServices>;
