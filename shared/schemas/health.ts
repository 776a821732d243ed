import { z } from "zod";

/** `GET /healthz`: the process answers. */
export const livenessSchema = z.object({ status: z.literal("ok") });

/** `GET /readyz`: each check's result ("ok" or why it failed); 503 with `error` while draining or when one fails. */
export const readinessSchema = z.object({ status: z.literal("ready"), checks: z.record(z.string(), z.string()) });
export const notReadySchema = z.object({
  status: z.enum(["draining", "not ready"]),
  error: z.string(),
  checks: z.record(z.string(), z.string()).optional(),
});
