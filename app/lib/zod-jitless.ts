/**
 * In the browser, zod must not probe for `new Function` (its fast path): the Content-Security-Policy forbids eval and
 * the probe alone is reported as a violation. zod probes when an object schema is *built*, so the setting must exist
 * before any schema module runs: zod reads `globalThis.__zod_globalConfig` when it loads (zod/v4/core/core.js), and
 * this module imports nothing, so its chunk never pulls the schemas in first. Import it FIRST in every browser entry
 * that validates with zod (admin layout, sign-in, invitation, contact island).
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
