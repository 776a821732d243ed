import { runServer } from "./serve";
import { registerSite } from "./site";

// The production server: the site comes from the build (`npm run build`). `npm run dev` runs server/dev.ts instead.
void runServer({ site: (app) => registerSite(app) });
