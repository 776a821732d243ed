/**
 * Entry point of the compiled server (`build/server-dist/main.js`): sets V8's memory flags before the server and its
 * packages load, then starts it (`server.js`, compiled from server/main.ts).
 */
import { limitYoungGeneration } from "./lib/memory";

limitYoungGeneration();
// @ts-expect-error: resolved at run time next to this file in build/server-dist/ (see scripts/build-server.mjs).
await import("./server.js");
