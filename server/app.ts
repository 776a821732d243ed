import { createServer } from "node:http";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { LIMITS } from "../shared/limits";
import { registerErrorHandler } from "./lib/error-handler";
import { createResponseCache } from "./lib/response-cache";
import { authPlugin } from "./plugins/auth";
import { publicCachePlugin } from "./plugins/public-cache";
import { uploadsStatic } from "./plugins/uploads-static";
import { analyticsRoutes } from "./routes/analytics";
import { authRoutes } from "./routes/auth";
import { bannerRoutes } from "./routes/banners";
import { categoryRoutes } from "./routes/categories";
import { contactRoutes } from "./routes/contact";
import { partnerRoutes } from "./routes/partners";
import { productRoutes } from "./routes/products";
import { uploadRoutes } from "./routes/upload";
import { createServices, type ServiceDeps, type Services } from "./services/index";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

export type AppOptions = Omit<ServiceDeps, "log"> & {
  logger?: FastifyServerOptions["logger"];
  trustProxy?: boolean;
  /** Per-IP rate limits; on unless explicitly false. */
  rateLimit?: boolean;
  /** Registers the server-rendered site (React Router build) after the API. */
  site?: (app: FastifyInstance) => Promise<void>;
};

/** Builds the whole server without listening: tests call `inject` on it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const cache = createResponseCache();
  const app = Fastify({
    // Cached public answers leave from here, before any parsing or hook (see public-cache).
    serverFactory: (handler) =>
      createServer((request, response) => {
        if (!cache.serve(request, response)) handler(request, response);
      }),
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const services = createServices({ ...options, log: app.log });
  app.decorate("services", services);
  // The outbox worker sends what is pending (from before a restart too) once the app is ready, and stops on close:
  // onClose runs after in-flight requests finished, before the caller closes the mailer and the database.
  app.addHook("onReady", async () => services.outbox.start());
  app.addHook("onClose", async () => services.outbox.close());

  await app.register(publicCachePlugin, { cache });
  await app.register(helmet, {
    // The SSR site sets its own Content-Security-Policy (it needs inline hydration data).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
  });
  await app.register(authPlugin, { auth: services.auth });
  // After the cache's onSend, so it keeps uncompressed bodies and each hit is compressed for its own client.
  await app.register(compress, { threshold: 1024 });
  if (options.rateLimit !== false) await app.register(rateLimit, { global: false });
  await app.register(uploadsStatic, { storage: services.storage });

  await app.register(
    async (api) => {
      // API answers are private unless a public route marks itself cacheable (see public-cache).
      api.addHook("onRequest", async (_request, reply) => {
        reply.header("cache-control", "no-store");
      });
      await api.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5 } });
      await api.register(authRoutes);
      await api.register(categoryRoutes);
      await api.register(productRoutes);
      await api.register(bannerRoutes);
      await api.register(partnerRoutes);
      await api.register(contactRoutes);
      await api.register(analyticsRoutes);
      await api.register(uploadRoutes);
      api.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `Not found: ${request.method} ${request.url}` }));
    },
    { prefix: "/api" },
  );

  if (options.site) await options.site(app);
  return app;
}
