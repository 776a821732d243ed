/**
 * Entry point of the compiled server (`build/server-dist/main.js`): makes sure V8 runs with the memory flags (a restart
 * in place when they are missing), then starts the server (`server.js`, compiled from server/server.ts).
 */
import { applyMemoryFlags } from "./lib/memory";

applyMemoryFlags();
// Imported only once the flags are set; kept a separate file in build/server-dist/ (see scripts/build-server.mjs).
await import("./server.js");
