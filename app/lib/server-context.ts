import { createContext } from "react-router";
import type { Services } from "../../server/services/index";

/** The server's services, handed to loaders in-process (never over HTTP). */
export const servicesContext = createContext<Services>();

/**
 * Per request: `databaseUnavailable` is set by entry.server's handleError when a loader failed because the database is
 * unreachable (answered 503); `missingPath` by the catch-all route (an address no page has: the server answers a
 * redirect of it, or logs it as missing); `logError` writes a render error on the request's log line (its id, JSON);
 * `client` is the visitor's address as the server reads it (behind a trusted proxy too), the key of public budgets.
 */
export const requestFaultsContext = createContext<{
  client: string;
  databaseUnavailable: boolean;
  missingPath?: boolean;
  logError(error: unknown): void;
} | null>(null);
