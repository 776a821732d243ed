import { createContext, type RouterContextProvider } from "react-router";
import type { Services } from "../../server/services/index";

/** The server's services, handed to loaders in-process (never over HTTP). */
export const servicesContext = createContext<Services>();

/** The request's logger (pino, server/lib/logger.ts): one JSON line per call, carrying the request's id. */
export type PageLog = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * Per request, set by the server (server/site.ts): `databaseUnavailable` is set by entry.server's handleError when a
 * loader failed because the database is unreachable (answered 503); `missingPath` by the catch-all route (an address
 * no page has: the server answers a redirect of it, or logs it as missing); `logError` writes a render error on the
 * request's log line (its id, JSON); `log` is the request's logger, for what a loader logs and carries on after
 * (nothing of the server process writes to the console: decision 0095, held by biome's noConsole); `client` is the
 * visitor's address as the server reads it (behind a trusted proxy too), the key of public budgets; `countsInAudience`
 * whether this request counts in the statistics (not a robot's, not a prefetch: server/services/analytics-audience.ts);
 * `renderedForCache` whether the response cache may keep the answer: a value each visitor must get fresh is then
 * rendered as its slot's marker, which the cache writes for every answer (shared/fresh-slots.ts, decision 0136).
 */
export type RequestFaults = {
  client: string;
  renderedForCache: boolean;
  countsInAudience: boolean;
  databaseUnavailable: boolean;
  missingPath?: boolean;
  logError(error: unknown): void;
  log: PageLog;
};
export const requestFaultsContext = createContext<RequestFaults>();

/**
 * Logs a failed read a page can do without (the categories of the menu, the partners of the home page…) on the
 * request's log line, with the error inside the JSON object; the loader then renders without it.
 */
export function logFailedRead(context: Readonly<RouterContextProvider>, what: string, error: unknown): void {
  context.get(requestFaultsContext).log.error({ err: error, event: "page.read_failed", what }, `Loading the ${what} failed`);
}
