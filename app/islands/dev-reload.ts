import { SERVER_RENDER_CHANGED } from "@shared/dev";

/**
 * Dev only (`npm run dev`; the root renders it on public pages when `import.meta.env.DEV`, never in a build). Public
 * pages are rendered on the server and never hydrated, so React's hot updates cannot reach them. This module connects
 * the page to Vite (the stylesheet updates in place, an edited island reloads the page), and the page reloads when
 * server/dev.ts says a module the server renders it with changed.
 */
import.meta.hot?.on(SERVER_RENDER_CHANGED, () => location.reload());
