import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import { LIMITS } from "@shared/limits";
import { LANG_PARAM } from "@shared/query-params";
import { isReservedPath, normalisePath, redirectLocation } from "@shared/schemas/redirect";
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type RequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import { sendApiNotFound } from "./lib/error-handler";
import { RATE_LIMITS } from "./lib/rate-limits";
import { DATABASE_UNAVAILABLE, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./lib/unavailable";
import { BUILD_DIR } from "./paths";
import { cached } from "./plugins/response-cache";
import { audienceHeadersOf, countsInAudience } from "./services/analytics-audience";
import type { Services } from "./services/index";
import { pageHandleOf } from "./site-routes";

/** Methods that read or write nothing on a page; every other one may run a page action and carries a body. */
const READ_METHODS = ["GET", "HEAD"] as const;

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  // A page action's body was read by Fastify within its limit (registerSite); React Router gets the bytes.
  const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(url, { method: request.method, headers, signal: controller.signal, ...(body ? { body } : {}) });
}

type RequestFaults = {
  client: string;
  /** The answer may be kept by the response cache: a page writes its fresh values as slots (shared/fresh-slots.ts). */
  renderedForCache: boolean;
  /** Whether the request counts in the statistics (services/analytics-audience.ts): a search page's search is counted only then. */
  countsInAudience: boolean;
  databaseUnavailable: boolean;
  missingPath?: boolean;
  logError(error: unknown): void;
  /** The request's logger: what a loader logs and carries on after (a failed read of the menu's categories…). */
  log: FastifyBaseLogger;
};

/** How long browsers and CDNs may keep a redirect's 301 (short: a redirect deleted in the back office stops soon). */
const REDIRECT_CACHE = "public, max-age=300";

/**
 * The one place where a page nobody has (a 404 of any page, or the catch-all route's address) meets the redirects
 * (decision 0103): a GET or HEAD whose normalised path has one answers 301 to its target, keeping `?lang=en`; any
 * other missing GET is counted in the missing-paths log (in memory, written in batches). `/api`, `/assets`,
 * `/uploads`, `/admin` and React Router's own requests are neither redirected nor logged. A failed look-up leaves
 * the page's own answer.
 */
async function redirectOfMissing(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  faults: RequestFaults,
): Promise<FastifyReply | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (response.status !== 404 && !faults.missingPath) return null;
  const url = new URL(request.url, "http://local");
  const path = normalisePath(url.pathname);
  if (path === null || isReservedPath(path) || path.endsWith(".data") || path === "/__manifest") return null;
  const { redirects } = app.services;
  let target: string | null;
  try {
    target = await redirects.resolve(path);
  } catch (error) {
    request.log.warn({ err: error }, "redirect not looked up");
    return null;
  }
  if (target === null || target === path) {
    if (request.method === "GET") redirects.recordMissing(path);
    return null;
  }
  await response.body?.cancel();
  return reply
    .code(301)
    .header("location", redirectLocation(target, url.searchParams.get(LANG_PARAM)))
    .header("cache-control", REDIRECT_CACHE)
    .send();
}

const PLAIN_PAGE_STYLE = "body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center}";
/** Its one stylesheet is allowed by its hash; nothing else loads. */
const PLAIN_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(PLAIN_PAGE_STYLE).digest("base64")}'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'`;

/** A page with no script and no data, in both languages: what a visitor sees when no page can be rendered. */
const plainPage = (status: number, text: string, link: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${status}</title><style>${PLAIN_PAGE_STYLE}</style></head><body><h1>${status}</h1><p>${text}</p><p>${link}</p></body></html>`;

/** Sends one of the plain pages, never stored. */
const sendPlainPage = (reply: FastifyReply, status: number, page: string) =>
  reply
    .code(status)
    .header("cache-control", "no-store")
    .header("content-security-policy", PLAIN_PAGE_CSP)
    .type("text/html; charset=utf-8")
    .send(page);

/** While the database is unreachable. */
const UNAVAILABLE_PAGE = plainPage(503, DATABASE_UNAVAILABLE, `<a href="">Réessayer / Try again</a>`);

/** The answers a page request gets before any page renders: too many of them, or a body too large to read. */
const REFUSED_PAGES: Record<number, string> = {
  429: plainPage(
    429,
    "Trop de demandes depuis votre adresse : réessayez dans une minute. / Too many requests from your address: try again in a minute.",
    `<a href="/">Accueil / Home</a>`,
  ),
  413: plainPage(
    413,
    `Le formulaire envoyé est trop volumineux (au plus ${LIMITS.pageFormBodyMaxBytes / 1024} Ko). / The form sent is too large (at most ${LIMITS.pageFormBodyMaxBytes / 1024} KB).`,
    `<a href="/contact">Contact</a>`,
  ),
};

/** Streams the answer; a complete public page is sent as one buffer so the response cache can keep it. */
async function sendWebResponse(reply: FastifyReply, response: Response, cacheable: boolean): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  if (cacheable && response.status === 200) return reply.send(Buffer.from(await response.arrayBuffer()));
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

type SiteContexts = {
  servicesContext?: RouterContext<Services>;
  requestFaultsContext?: RouterContext<RequestFaults | null>;
};
type SiteRenderer = {
  handle: RequestHandler;
  servicesContext: RouterContext<Services>;
  requestFaultsContext: RouterContext<RequestFaults | null>;
};

/** One renderer per build: production has one; in dev Vite gives a new build object after a change. */
const renderers = new WeakMap<ServerBuild, SiteRenderer>();

function rendererOf(build: ServerBuild): SiteRenderer {
  const known = renderers.get(build);
  if (known) return known;
  // The key must be the build's own instance: a second copy of the module would be a different key.
  const { servicesContext, requestFaultsContext } = build.entry.module as unknown as SiteContexts;
  if (!servicesContext || !requestFaultsContext)
    throw new Error("The site build does not export servicesContext and requestFaultsContext from entry.server");
  const handle = createRequestHandler(build, process.env.NODE_ENV === "production" ? "production" : "development");
  const renderer = { handle, servicesContext, requestFaultsContext };
  renderers.set(build, renderer);
  return renderer;
}

/** Where the site comes from: the build on disk (`builtSite`, production), or Vite's dev server (server/dev.ts). */
export type SiteSource = {
  /** The React Router server build, asked for on every request: production's never changes; in dev, Vite's latest. */
  build: () => Promise<ServerBuild>;
  /** The client build's folder, served as static files (production). */
  clientDir?: string;
  /**
   * Dev only: hands the request to Vite first (modules, styles, islands from source, public/ files); resolves true
   * when Vite answered it, false to render the page. Pages are then rendered on every request (never cached).
   */
  dev?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
};

/** The production site: `build/server/index.js` (loaded once) and the files of `build/client`. */
export function builtSite(buildDir = BUILD_DIR): SiteSource {
  const serverEntry = path.join(buildDir, "server", "index.js");
  let build: Promise<ServerBuild> | undefined;
  return {
    async build() {
      if (!existsSync(serverEntry)) throw new Error(`No site build at ${serverEntry}: run "npm run build" first.`);
      build ??= import(serverEntry) as Promise<ServerBuild>;
      return build;
    },
    clientDir: path.join(buildDir, "client"),
  };
}

/** Serves the site: static files (hashed assets cached for a year), then every other path rendered on the server. */
export async function registerSite(app: FastifyInstance, source: SiteSource = builtSite()): Promise<void> {
  const { clientDir, dev } = source;
  // A missing or incomplete build stops the server at start; in dev a broken module is a 500 until it is fixed.
  if (!dev) rendererOf(await source.build());

  await app.register(async (site) => {
    if (clientDir) {
      // One route per built file (wildcard off), so every other path reaches the renderer below.
      await site.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(reply, filePath) {
          const hashed = filePath.startsWith(path.join(clientDir, "assets"));
          reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
        },
      });
    }
    // A page action's body (any type) is read whole here, never more than a form can hold: beyond, 413 and the read
    // stops. React Router then parses the bytes.
    site.removeAllContentTypeParsers();
    site.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: LIMITS.pageFormBodyMaxBytes }, (_request, body, done) =>
      done(null, body),
    );
    // Pages answer their refusals as a page (the form was sent without JavaScript), everything else as the API does.
    site.setErrorHandler((error: FastifyError, request, reply) => {
      const page = REFUSED_PAGES[error.statusCode ?? 0];
      if (!page) throw error;
      request.log.info({ event: error.statusCode === 429 ? "page.rate_limited" : "page.body_too_large" }, "page request refused");
      return sendPlainPage(reply, error.statusCode ?? 400, page);
    });
    // The budgets pages declare in their handle (none when rate limiting is off).
    const pageLimits = site.hasDecorator("rateLimit")
      ? {
          search: site.rateLimit(RATE_LIMITS.search),
          finder: site.rateLimit(RATE_LIMITS.finder),
          packLink: site.rateLimit(RATE_LIMITS.packLink),
        }
      : null;
    const render = async (request: FastifyRequest, reply: FastifyReply) => {
      if (dev && (await dev(request.raw, reply.raw))) {
        reply.hijack();
        return;
      }
      const build = await source.build();
      const { handle, servicesContext, requestFaultsContext } = rendererOf(build);
      const purpose = pageHandleOf(build, new URL(request.url, "http://local").pathname).rateLimit;
      if (purpose && pageLimits) await pageLimits[purpose].call(site, request, reply);
      const context = new RouterContextProvider();
      context.set(servicesContext, app.services);
      // Production GETs are sent whole, so the response cache can keep them (sendWebResponse).
      const renderedForCache = !dev && request.method === "GET";
      const faults: RequestFaults = {
        client: request.ip,
        renderedForCache,
        countsInAudience: countsInAudience(audienceHeadersOf(request.headers)),
        databaseUnavailable: false,
        logError: (error) => request.log.error({ err: error, event: "page.render_failed" }, "page render failed"),
        log: request.log,
      };
      context.set(requestFaultsContext, faults);
      const response = await handle(toWebRequest(request, reply), context);
      if (faults.databaseUnavailable) {
        await response.body?.cancel();
        request.log.warn("page not rendered: database unreachable");
        reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return sendPlainPage(reply, 503, UNAVAILABLE_PAGE);
      }
      const redirected = await redirectOfMissing(app, request, reply, response, faults);
      if (redirected) return redirected;
      // Dev: a page is never kept, by the server or the browser, so every change shows on the next load.
      if (dev && !response.headers.has("cache-control")) reply.header("cache-control", "no-store");
      return sendWebResponse(reply, response, renderedForCache);
    };
    // Any request that may run a page action, whatever its path, spelling or method: the only page action is the
    // contact form sent without JavaScript, so all of them count in the budget of POST /api/contact.
    const actionMethods = site.supportedMethods.filter((method) => !(READ_METHODS as readonly string[]).includes(method));
    site.route({ method: actionMethods, url: "/*", config: { rateLimit: RATE_LIMITS.contact }, handler: render });
    // Pages hold no per-visitor data (admin screens render on the client), so anonymous GETs are cacheable (not in dev).
    site.route({ method: [...READ_METHODS], url: "/*", ...(dev ? {} : { config: cached }), handler: render });
    // The API's paths are not pages: one no API route serves gets the API's JSON 404 rather than a rendered page.
    site.all("/api", sendApiNotFound);
    site.all("/api/*", sendApiNotFound);
  });
}
