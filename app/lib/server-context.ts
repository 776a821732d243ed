import { createContext } from "react-router";
import type { Services } from "../../server/services/index";

/** The server's services, handed to loaders in-process (never over HTTP). */
export const servicesContext = createContext<Services>();
