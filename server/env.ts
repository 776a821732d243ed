import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Marine Algae <contact@marine-algae.tn>"),
  /** First retry delay of an e-mail that could not be sent; it doubles with each attempt (up to an hour). */
  MAIL_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(30),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  TRUST_PROXY: booleanFlag.default(false),
  SEED_DEMO: booleanFlag.default(true),
  /** Per-IP rate limits (login, contact, analytics). Only the end-to-end server turns them off. */
  RATE_LIMIT: booleanFlag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type Env = z.infer<typeof envSchema>;

/** Parses the environment; an empty variable counts as unset. Throws a message naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
