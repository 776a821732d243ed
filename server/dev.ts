/**
 * `npm run dev`: the same server as server/server.ts (environment, database, seed, first admin, services, API, uploads,
 * health, CSP), with the site served through Vite in middleware mode instead of the build:
 * - every page is rendered by the latest server build Vite made (`virtual:react-router/server-build`, loaded per
 *   request), never cached; Vite answers its own paths first (modules, the stylesheet, islands from source, public/);
 * - hot updates travel over a WebSocket on the server's own port: React Refresh on the admin screens, the stylesheet
 *   in place, and public pages (documents, never hydrated) reload when a module their render uses changes;
 * - a change under server/ or shared/ restarts this process (`tsx watch`, see package.json); app/ changes do not.
 * Never part of the production bundle (scripts/build-server.mjs compiles main.ts and server.ts, which do not import this
 * file).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { SERVER_RENDER_CHANGED } from "@shared/dev";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { createServer, isCSSRequest, isRunnableDevEnvironment, type Plugin, type ViteDevServer } from "vite";
import { PROJECT_ROOT } from "./paths";
import { runServer } from "./serve";
import { registerSite } from "./site";

const SERVER_BUILD = "virtual:react-router/server-build";

/**
 * Public pages run no React in the browser, so no hot update reaches them: when a module the server renders with
 * changes, their dev script (app/islands/dev-reload.ts) is told to reload. Admin screens do not listen to this event:
 * React Router's own hot updates serve them.
 */
function reloadServerRenderedPages(): Plugin {
  return {
    name: "marine-algae:reload-server-rendered-pages",
    hotUpdate({ file, modules, server }) {
      const environment = this.environment;
      // The stylesheet is updated in place by Vite's client; a page needs no reload for it.
      if (environment.name !== "ssr" || modules.length === 0 || isCSSRequest(file)) return;
      // Every module the server evaluated is dropped now (Vite's runner does it a moment later, its "program reload"),
      // so the page the browser asks for next is rendered with the change, not by the modules of before.
      if (isRunnableDevEnvironment(environment)) environment.runner.evaluatedModules.clear();
      server.environments.client.hot.send({ type: "custom", event: SERVER_RENDER_CHANGED });
    },
  };
}

/** Gives a request to Vite's middlewares; resolves true when Vite answered it, false when it passed it on. */
function viteFirst(vite: ViteDevServer) {
  return (request: IncomingMessage, response: ServerResponse) =>
    new Promise<boolean>((resolve, reject) => {
      const url = request.url;
      const answered = () => resolve(true);
      response.once("finish", answered);
      response.once("close", answered);
      vite.middlewares(request, response, (error?: unknown) => {
        response.off("finish", answered);
        response.off("close", answered);
        // The renderer reads the URL the browser asked for, whatever a middleware made of it.
        request.url = url;
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(false);
      });
    });
}

/**
 * React Router's plugin starts a second Vite server (its "child compiler") outside middleware mode, and Vite then
 * exits the process on SIGTERM (or when stdin ends) once that server is closed: before this server has drained and
 * closed its database. Those listeners are removed: serve.ts owns the signals, and closing Vite closes its compiler.
 */
async function withoutViteExitHandlers<T>(create: () => Promise<T>): Promise<T> {
  const sigterm = new Set(process.listeners("SIGTERM"));
  const stdinEnd = new Set(process.stdin.listeners("end"));
  const created = await create();
  for (const listener of process.listeners("SIGTERM")) if (!sigterm.has(listener)) process.off("SIGTERM", listener);
  for (const listener of process.stdin.listeners("end"))
    if (!stdinEnd.has(listener)) process.stdin.off("end", listener as (...args: unknown[]) => void);
  return created;
}

async function registerDevSite(app: FastifyInstance): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
  const vite = await withoutViteExitHandlers(() =>
    createServer({
      root: PROJECT_ROOT,
      configFile: path.join(PROJECT_ROOT, "vite.config.ts"),
      appType: "custom",
      server: {
        middlewareMode: true,
        // The HMR WebSocket shares the server's port. CSP: pages keep production's policy (app/lib/csp.server.ts) and no
        // dev-only source is needed: React Router's dev scripts (the HMR runtime import, React Refresh's setup) are inline
        // scripts rendered with the render's nonce, so they are hashed like production's; Vite's client, the modules and
        // the islands are files of this origin ('self'); and the socket is on the page's own host and port, which
        // `connect-src 'self'` covers (CSP3; checked in Chromium: no violation on public or admin pages).
        hmr: { server: app.server },
        // The database and uploads change all the time and are no source.
        watch: { ignored: [`${dataDir}/**`, `${path.join(PROJECT_ROOT, "build")}/**`] },
      },
      plugins: [reloadServerRenderedPages()],
    }),
  );
  app.addHook("onClose", () => vite.close());
  const ssr = vite.environments.ssr;
  if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("Vite's ssr environment cannot run modules");
  await registerSite(app, {
    build: async () => {
      try {
        return (await ssr.runner.import(SERVER_BUILD)) as ServerBuild;
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        throw error;
      }
    },
    dev: viteFirst(vite),
  });
}

// Defaults of this command only (a value set in the environment wins): a restart after an edit waits for no load
// balancer, and the console is not filled with two lines per module Vite serves.
process.env.SHUTDOWN_DELAY_MS ??= "0";
process.env.LOG_LEVEL ??= "warn";
void runServer({ site: registerDevSite, mode: "development: Vite, hot updates" });
