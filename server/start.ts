/**
 * Entry point of the compiled server (`build/server-dist/main.js`): makes sure V8 runs with the memory flags (a restart
 * in place when they are missing), then starts the server (`server.js`, compiled from server/main.ts).
 */
import { applyMemoryFlags } from "./lib/memory";

applyMemoryFlags();
// @ts-expect-error: resolved at run time next to this file in build/server-dist/ (see scripts/build-server.mjs).
await import("./server.js");
