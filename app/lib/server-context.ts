import { createContext } from "react-router";
import type { Services } from "../../server/services/index";

/** The server's services, handed to loaders in-process (never over HTTP). */
export const servicesContext = createContext<Services>();

/** Per request: set by entry.server's handleError when a loader failed because the database is unreachable (answered 503). */
export const requestFaultsContext = createContext<{ databaseUnavailable: boolean } | null>(null);
