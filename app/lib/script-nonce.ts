import { createContext } from "react";

/**
 * The one-off nonce of the page being rendered on the server (entry.server provides it), which marks the inline
 * scripts the application emits itself; undefined in the browser. It never reaches the visitor: see csp.server.ts.
 */
export const ScriptNonceContext = createContext<string | undefined>(undefined);
