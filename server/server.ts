import { runServer } from "./serve";
import { registerSite } from "./site";

// The production server (`build/server-dist/server.js`, loaded by main.js once V8's memory flags are set): the site
// comes from the build (`npm run build`). `npm run dev` runs server/dev.ts instead.
void runServer({ site: (app) => registerSite(app) });
