import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import { LIMITS } from "@shared/limits";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { registerErrorHandler, sendApiNotFound } from "./lib/error-handler";
import { databaseRateLimitStore } from "./lib/rate-limit-store";
import { REQUEST_ID_HEADER, requestIdOf } from "./lib/request-id";
import { authPlugin, requireAdminUnlessPublic } from "./plugins/auth";
import { healthPlugin } from "./plugins/health";
import { metricsPlugin } from "./plugins/metrics";
import { createHttpServer, createResponseCache, type ResponseCache, responseCachePlugin } from "./plugins/response-cache";
import { registerSecurityLog } from "./plugins/security-log";
import { uploadsStatic } from "./plugins/uploads-static";
import { analyticsRoutes } from "./routes/analytics";
import { authRoutes } from "./routes/auth";
import { bannerRoutes } from "./routes/banners";
import { categoryRoutes } from "./routes/categories";
import { certificationRoutes } from "./routes/certifications";
import { contactRoutes } from "./routes/contact";
import { documentRoutes, publicDocumentRoutes } from "./routes/documents";
import { versionRoutes } from "./routes/entity-versions";
import { historyRoutes } from "./routes/history";
import { mediaRoutes } from "./routes/media";
import { pageRoutes } from "./routes/pages";
import { partnerRoutes } from "./routes/partners";
import { privacyRoutes } from "./routes/privacy";
import { productRoutes } from "./routes/products";
import { redirectRoutes } from "./routes/redirects";
import { searchRoutes } from "./routes/search";
import { sessionRoutes } from "./routes/sessions";
import { settingsRoutes } from "./routes/settings";
import { uploadRoutes } from "./routes/upload";
import { userRoutes } from "./routes/users";
import type { CacheCoherence } from "./services/cache-coherence";
import { createServices, type ServiceDeps, type Services } from "./services/index";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    /** Every route as registered (with its config and schema): the route-walking tests read it. */
    routeList: readonly RouteOptions[];
  }
}

export type AppOptions = Omit<ServiceDeps, "log"> & {
  /** The process's logger (lib/logger.ts), or Fastify logger options (tests); none by default. */
  logger?: FastifyServerOptions["logger"] | FastifyBaseLogger;
  trustProxy?: boolean;
  /** Idle keep-alive connections stay open this long (default 72 s, above load balancers' 60 s). */
  keepAliveTimeoutMs?: number;
  /** The response cache; given when something else (the cache coherence of several instances) must clear it too. */
  cache?: ResponseCache;
  /** Keeps the caches of several instances on one PostgreSQL in step (services/cache-coherence.ts). */
  coherence?: CacheCoherence;
  /**
   * Prometheus metrics (plugins/metrics.ts): on when given. With `token`, GET /metrics on this port answers requests
   * bearing it; without, only the separate listener the caller opens (serve.ts) serves them. Unset: no /metrics.
   */
  metrics?: { token?: string | undefined };
  /** Registers the server-rendered site (React Router build) after the API. */
  site?: (app: FastifyInstance) => Promise<void>;
};

export const DEFAULT_KEEP_ALIVE_MS = 72_000;

const isLoggerInstance = (logger: AppOptions["logger"]): logger is FastifyBaseLogger =>
  typeof logger === "object" && logger !== null && typeof (logger as { child?: unknown }).child === "function";

/** Builds the whole server without listening: tests call `inject` on it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const cache = options.cache ?? createResponseCache(options.clock ? { now: options.clock } : {});
  const app = Fastify({
    // Cached public answers leave from here, before any parsing or hook (see plugins/response-cache).
    serverFactory: (handler) =>
      createHttpServer(cache, handler, {
        keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_MS,
        trustProxy: options.trustProxy ?? false,
        coherence: options.coherence,
      }),
    ...(isLoggerInstance(options.logger) ? { loggerInstance: options.logger } : { logger: options.logger ?? false }),
    trustProxy: options.trustProxy ?? false,
    // Every log line of a request carries its id, echoed in the answer's X-Request-Id (lib/request-id.ts).
    genReqId: (request) => requestIdOf(request, options.trustProxy ?? false),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const routeList: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    routeList.push(route);
  });
  app.decorate("routeList", routeList);

  const services = createServices({ ...options, log: app.log });
  app.decorate("services", services);
  // Cached answers never outlive the next scheduled change of public content (decision 0104).
  cache.watchSchedule(() => services.schedule.nextChange());
  // The outbox worker sends what is pending (from before a restart too) once the app is ready, and stops on close:
  // onClose runs after in-flight requests finished, before the caller closes the mailer and the database.
  app.addHook("onReady", async () => services.outbox.start());
  app.addHook("onClose", async () => services.outbox.close());
  // History rows older than a year are pruned at start, then daily.
  app.addHook("onReady", async () => services.history.pruning.start());
  app.addHook("onClose", async () => services.history.pruning.stop());
  // Versions beyond the newest VERSIONS.keepPerEntity of each entity are pruned at start, then daily.
  app.addHook("onReady", async () => services.versions.pruning.start());
  app.addHook("onClose", async () => services.versions.pruning.stop());
  // TOTP secrets left in clear by an earlier version are encrypted; stale sign-in counters are pruned daily.
  app.addHook("onReady", async () => {
    await services.auth.sealClearSecrets();
  });
  app.addHook("onReady", async () => services.auth.throttle.pruning.start());
  app.addHook("onClose", async () => services.auth.throttle.pruning.stop());
  // Images stored or named before the media library existed get their row (idempotent; decision 0105).
  app.addHook("onReady", async () => {
    try {
      await services.media.backfill(services.storage.listObjects());
    } catch (error) {
      app.log.error({ err: error }, "media library: backfill failed");
    }
  });
  // Uploaded images no content names any more are deleted after a grace period (image-sweep.ts): at start, then daily.
  app.addHook("onReady", async () => services.images.sweeping.start());
  app.addHook("onClose", async () => services.images.sweeping.stop());
  app.addHook("onReady", async () => services.documents.sweeping.start());
  app.addHook("onClose", async () => services.documents.sweeping.stop());
  // Contact messages older than MESSAGE_RETENTION_DAYS are deleted with their e-mails (services/privacy.ts): at start, then daily.
  app.addHook("onReady", async () => services.privacy.retention.start());
  app.addHook("onClose", async () => services.privacy.retention.stop());
  // Closed days of visits are counted into the daily rollups, and raw visits past VISIT_RETENTION_DAYS deleted: at start, then daily.
  app.addHook("onReady", async () => services.analytics.rollup.housekeeping.start());
  app.addHook("onClose", async () => services.analytics.rollup.housekeeping.stop());
  // Redirect hits and missing paths are counted in memory and written every few seconds (and on close); the
  // missing-paths log is pruned to its most requested paths at start, then daily (services/redirects.ts).
  app.addHook("onReady", async () => services.redirects.counting.start());
  app.addHook("onClose", async () => services.redirects.counting.stop());
  // Any admin change may add or remove a redirect (a slug change too): this instance reads the redirected paths again.
  app.addHook("onSend", async (request, reply) => {
    if (request.user && request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) services.redirects.forget();
  });
  app.addHook("onReady", async () => services.redirects.pruning.start());
  app.addHook("onClose", async () => services.redirects.pruning.stop());

  // First: its hooks time every route registered after it and see every error.
  if (options.metrics)
    await app.register(metricsPlugin, {
      db: options.db,
      cache,
      // One instance (embedded database): always coherent.
      cacheCoherent: () => options.coherence?.healthy ?? true,
      token: options.metrics.token,
    });
  await app.register(responseCachePlugin, { cache, publish: options.coherence?.bump });
  await app.register(helmet, {
    // Answers that are not pages (JSON, files) may load nothing; every HTML page sets its own policy, with the
    // hashes of its inline scripts (app/lib/csp.server.ts), which replaces this one.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] } },
    // Same-origin navigations keep the full referrer (the visit record names the previous page); other sites get the origin.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
  });
  await app.register(authPlugin, { auth: services.auth });
  // Compresses every answer the response cache did not already compress (see plugins/response-cache).
  await app.register(compress, { threshold: 1024 });
  // Counted in the database, so a limit holds across every instance on it.
  if (options.rateLimit !== false) await app.register(rateLimit, { global: false, store: databaseRateLimitStore(services.counters) });
  await app.register(uploadsStatic, { storage: services.storage });
  await app.register(publicDocumentRoutes);
  await app.register(healthPlugin, { db: options.db, storage: services.storage });

  await app.register(
    async (api) => {
      // API answers are private unless a public route marks itself cacheable (see plugins/response-cache).
      api.addHook("onRequest", async (_request, reply) => {
        reply.header("cache-control", "no-store");
      });
      // Authenticate first: before any body is read, parsed or validated.
      api.addHook("onRequest", requireAdminUnlessPublic);
      registerSecurityLog(api);
      await api.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5 } });
      await api.register(authRoutes);
      await api.register(categoryRoutes);
      await api.register(productRoutes);
      await api.register(bannerRoutes);
      await api.register(partnerRoutes);
      await api.register(certificationRoutes);
      await api.register(pageRoutes);
      await api.register(contactRoutes);
      await api.register(analyticsRoutes);
      await api.register(uploadRoutes);
      await api.register(userRoutes);
      await api.register(historyRoutes);
      await api.register(versionRoutes);
      await api.register(sessionRoutes);
      await api.register(privacyRoutes);
      await api.register(settingsRoutes);
      await api.register(redirectRoutes);
      await api.register(mediaRoutes);
      await api.register(documentRoutes);
      await api.register(searchRoutes);
      // With the site registered, its catch-all route takes these paths first: it answers them the same way (site.ts).
      api.setNotFoundHandler(sendApiNotFound);
    },
    { prefix: "/api" },
  );

  if (options.site) await options.site(app);
  return app;
}
