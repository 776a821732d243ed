import type { Db } from "../db/client";
import { createAnalyticsService } from "./analytics";
import { createAuthService } from "./auth";
import { createBannerService } from "./banners";
import { createCategoryService } from "./catalog/categories";
import { createPreviewService } from "./catalog/preview";
import { createProductService } from "./catalog/products";
import { createHistoryService } from "./history";
import { createImageSweeper } from "./image-sweep";
import { createInboxService } from "./inbox";
import { createOutbox, type OutboxOptions } from "./mail/outbox";
import type { Mailer } from "./mail/types";
import { createPartnerService } from "./partners";
import type { ImageStorage } from "./storage/types";
import { createUserService } from "./users";

export type ServiceDeps = {
  db: Db;
  mailer: Mailer;
  storage: ImageStorage;
  jwtSecret: string;
  /** Absolute site address, for links in e-mails and the sitemap. */
  publicUrl: string;
  /** Logs what must not fail a request (e.g. the contact notification e-mail). */
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Retry timings of the mail outbox (defaults in OUTBOX_DEFAULTS). */
  outbox?: OutboxOptions;
};

export function createServices(deps: ServiceDeps) {
  const { db } = deps;
  const outbox = createOutbox(db, deps.mailer, deps.log, deps.outbox);
  const products = createProductService(db);
  const auth = createAuthService(db, deps.jwtSecret);
  const publicUrl = deps.publicUrl.replace(/\/+$/, "");
  return {
    auth,
    users: createUserService(db, outbox, auth, publicUrl),
    history: createHistoryService(db, deps.log),
    categories: createCategoryService(db),
    products,
    preview: createPreviewService(products, deps.jwtSecret),
    banners: createBannerService(db),
    partners: createPartnerService(db),
    inbox: createInboxService(db, outbox, deps.mailer.from),
    analytics: createAnalyticsService(db, deps.publicUrl),
    storage: deps.storage,
    images: createImageSweeper(db, deps.storage, deps.log),
    /** The configured site origin without a trailing slash: pages and the sitemap never use the request's Host. */
    publicUrl,
    mailer: deps.mailer,
    outbox,
  };
}
export type Services = ReturnType<typeof createServices>;
