import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * V8 sizes the young generation from the machine's memory (up to 64 MB per semi-space here), and once touched
 * those pages stay resident: ~150 MB of an idle server's memory. 8 MB semi-spaces cost a few more minor
 * collections and nothing measurable in throughput. Measured in docs/decisions.md ("Memory on the embedded database").
 */
export const SEMI_SPACE_MB = 8;

/** Caps V8's young generation; effective only before the packages load (see server/start.ts). */
export function limitYoungGeneration(): void {
  setFlagsFromString(`--max-semi-space-size=${SEMI_SPACE_MB}`);
}

/**
 * One full garbage collection once the server is up. Starting PGlite leaves a few hundred MB of WebAssembly and
 * file-bundle buffers behind as garbage; an idle server may not run a major collection for a long time, so that
 * memory would stay resident.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  gc?.();
}
