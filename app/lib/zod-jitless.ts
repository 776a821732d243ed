import { z } from "zod";

/**
 * In the browser, zod must not probe for `new Function` (its fast path): the Content-Security-Policy forbids eval and
 * the probe alone is reported as a violation. Imported by every browser entry that validates with zod.
 */
z.config({ jitless: true });
