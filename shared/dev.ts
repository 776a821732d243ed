/**
 * `npm run dev` only: the Vite event server/dev.ts sends when a module the server renders pages with changed; the
 * public pages' dev script (`app/islands/dev-reload.ts`) reloads the page on it.
 */
export const SERVER_RENDER_CHANGED = "marine-algae:server-render-changed";
