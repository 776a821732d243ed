import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import { FORM_TOKEN_SLOT } from "@shared/fresh-slots";
import { LIMITS } from "@shared/limits";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type BackgroundJob, registerBackgroundJobs } from "./lib/background-jobs";
import { registerErrorHandler, sendApiNotFound } from "./lib/error-handler";
import { databaseRateLimitStore } from "./lib/rate-limit-store";
import { REQUEST_ID_HEADER, requestIdOf } from "./lib/request-id";
import { requireRole } from "./plugins/access";
import { authPlugin, requireAdminUnlessPublic } from "./plugins/auth";
import { healthPlugin } from "./plugins/health";
import { metricsPlugin } from "./plugins/metrics";
import { createHttpServer, createResponseCache, type ResponseCache, responseCachePlugin } from "./plugins/response-cache";
import { registerSecurityLog } from "./plugins/security-log";
import { uploadsStatic } from "./plugins/uploads-static";
import { DECLARED_ROUTES_TYPES } from "./resources";
import { analyticsRoutes } from "./routes/analytics";
import { authRoutes } from "./routes/auth";
import { bannerRoutes } from "./routes/banners";
import { categoryRoutes } from "./routes/categories";
import { certificationRoutes } from "./routes/certifications";
import { contactRoutes } from "./routes/contact";
import { declaredRoutes } from "./routes/declared-routes";
import { documentPackAdminRoutes, documentPackFileRoutes, documentPackFormRoutes } from "./routes/document-packs";
import { documentRoutes, publicDocumentRoutes } from "./routes/documents";
import { versionRoutes } from "./routes/entity-versions";
import { finderRoutes } from "./routes/finder";
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
import { specSheetRoutes } from "./routes/spec-sheets";
import { uploadRoutes } from "./routes/upload";
import { userRoutes } from "./routes/users";
import { backgroundJobs } from "./services/background-jobs";
import type { CacheCoherence } from "./services/cache-coherence";
import { createServices, type ServiceDeps, type Services } from "./services/index";
import { MAIL_LOGO_PATH } from "./services/mail/templates/index";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    /** Every route as registered (with its config and schema): the route-walking tests read it. */
    routeList: readonly RouteOptions[];
    /** The background jobs, in the order they start (services/background-jobs.ts). */
    backgroundJobs: readonly BackgroundJob[];
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
  // The contact form's signed render time, fresh in every answer of a cached contact page (decision 0136).
  cache.fillSlots({ [FORM_TOKEN_SLOT]: (servedUntil) => services.inbox.formToken(servedUntil) });
  // Background work (the outbox worker, daily housekeeping, redirect counting, steps run once at start): one list,
  // started in order once the app is ready and stopped in reverse on close, after in-flight requests finished and
  // before the caller closes the mailer and the database (services/background-jobs.ts).
  const jobs = backgroundJobs(services, { log: app.log, outboxPollMs: options.outbox?.pollMs });
  app.decorate("backgroundJobs", jobs);
  registerBackgroundJobs(app, jobs);
  // Any admin change may add or remove a redirect (a slug change too): this instance reads the redirected paths again.
  app.addHook("onSend", async (request, reply) => {
    if (request.user && request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) services.redirects.forget();
  });

  // First: its hooks time every route registered after it and see every error.
  if (options.metrics)
    await app.register(metricsPlugin, {
      db: options.db,
      cache,
      // One instance (embedded database): always coherent.
      cacheCoherent: () => options.coherence?.healthy ?? true,
      token: options.metrics.token,
      backgroundJobs: jobs,
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
  // The mails' logo is shown by webmails from their own origin (decision 0116).
  app.addHook("onSend", async (request, reply) => {
    if (request.url === MAIL_LOGO_PATH) reply.header("cross-origin-resource-policy", "cross-origin");
  });
  await app.register(authPlugin, { auth: services.auth });
  // Compresses every answer the response cache did not already compress (see plugins/response-cache).
  await app.register(compress, { threshold: 1024 });
  // Counted in the database, so a limit holds across every instance on it.
  if (options.rateLimit !== false) await app.register(rateLimit, { global: false, store: databaseRateLimitStore(services.counters) });
  await app.register(uploadsStatic, { storage: services.storage });
  await app.register(publicDocumentRoutes);
  await app.register(specSheetRoutes);
  await app.register(documentPackFileRoutes);
  await app.register(healthPlugin, { db: options.db, storage: services.storage });

  await app.register(
    async (api) => {
      // API answers are private unless a public route marks itself cacheable (see plugins/response-cache).
      api.addHook("onRequest", async (_request, reply) => {
        reply.header("cache-control", "no-store");
      });
      // Authenticate first: before any body is read, parsed or validated.
      api.addHook("onRequest", requireAdminUnlessPublic);
      // Then what the account's role allows (decision 0114).
      api.addHook("onRequest", requireRole);
      registerSecurityLog(api);
      await api.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5 } });
      await api.register(authRoutes);
      await api.register(categoryRoutes);
      await api.register(productRoutes);
      await api.register(bannerRoutes);
      await api.register(partnerRoutes);
      await api.register(certificationRoutes);
      // The resources whose routes are derived from their declaration (server/resources.ts).
      for (const type of DECLARED_ROUTES_TYPES) await api.register(declaredRoutes(type));
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
      await api.register(documentPackAdminRoutes);
      await api.register(documentPackFormRoutes);
      await api.register(searchRoutes);
      await api.register(finderRoutes);
      // With the site registered, its catch-all route takes these paths first: it answers them the same way (site.ts).
      api.setNotFoundHandler(sendApiNotFound);
    },
    { prefix: "/api" },
  );

  if (options.site) await options.site(app);
  return app;
}
