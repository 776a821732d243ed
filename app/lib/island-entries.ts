/**
 * The islands' entry modules, by name: `vite.islands.config.ts` builds them (content-hashed files named in its
 * manifest); in dev Vite serves them from these sources (`app/lib/islands.server.ts`).
 */
export const ISLANDS = {
  site: "app/islands/site.ts",
  carousel: "app/islands/carousel.ts",
  contact: "app/islands/contact.ts",
} as const;

/** Dev only: connects a public page to Vite and reloads it when its server render changed (see the module). */
export const DEV_RELOAD = "app/islands/dev-reload.ts";
