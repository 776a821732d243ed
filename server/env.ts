import { z } from "zod";
import { SECURITY_DEFAULTS } from "./lib/security-config";

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
  /** Checked against the password policy when it creates the first admin (`services/ensure-admin.ts`), and only then. */
  ADMIN_PASSWORD: z.string().optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Key that encrypts secrets at rest (TOTP secrets, e-mails carrying a link token): never stored in the database, so
   * a stolen database or backup does not reveal them. Unset: generated once into `<DATA_DIR>/data-key` (mode 600).
   * Several instances must share one value.
   */
  DATA_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** An administrator is signed out after this long without a request (ASVS 7.3.1). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(SECURITY_DEFAULTS.sessionIdleMinutes),
  /** …and this long after signing in, whatever the activity (ASVS 7.3.2). */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(SECURITY_DEFAULTS.sessionMaxHours),
  /** How long a one-time password given to a new administrator works (for choosing their own password only). */
  ONE_TIME_PASSWORD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(SECURITY_DEFAULTS.oneTimePasswordHours),
  /** Contact messages (and their replies) older than this are deleted daily (GDPR storage limitation). */
  MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(SECURITY_DEFAULTS.messageRetentionDays),
  /** Raw visits older than this are deleted daily once counted in the daily rollups, which are kept for ever. */
  VISIT_RETENTION_DAYS: z.coerce.number().int().min(31).max(3650).default(SECURITY_DEFAULTS.visitRetentionDays),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /**
   * The company mailbox the buyers' answers arrive in (decision 0115), e.g. `imaps://user:pass@mail.example.com:993/INBOX`;
   * unset, answers are not imported and the inbox says so.
   */
  IMAP_URL: z
    .string()
    .regex(/^imaps?:\/\/[^/@]+@/, "must be an imap:// or imaps:// URL naming its user")
    .optional(),
  /** Longest wait between two looks at the mailbox when IDLE is silent or missing. */
  IMAP_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** How long another instance waits before taking over the poll of one that stopped answering (PostgreSQL only). */
  IMAP_LEASE_SECONDS: z.coerce.number().min(5).max(3600).default(180),
  MAIL_FROM: z.string().min(3).default("Marine Algae <contact@marine-algae.tn>"),
  /** First retry delay of an e-mail that could not be sent; it doubles with each attempt (up to an hour). */
  MAIL_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(30),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  TRUST_PROXY: booleanFlag.default(false),
  /** Unset: true on the embedded database, false with DATABASE_URL (see `demoSeeding`). */
  SEED_DEMO: booleanFlag.optional(),
  /** Per-IP rate limits (login, contact, analytics). Only the end-to-end server turns them off. */
  RATE_LIMIT: booleanFlag.default(true),
  /** A contact form sent sooner after it was rendered is filed as spam (decision 0108). Only the browser suite sets 0. */
  CONTACT_MIN_FILL_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** Idle keep-alive connections stay open this long: keep it above the load balancer's idle timeout (often 60 s). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(72_000),
  /** S3-compatible image storage instead of `<DATA_DIR>/uploads` when S3_BUCKET is set (see services/storage/s3.ts). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** For S3-compatible services (MinIO, Ceph, Scaleway, R2…); unset for AWS S3. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL of the bucket or its CDN: image URLs then point there; unset, the server proxies /uploads/*. */
  S3_PUBLIC_URL: z.url().optional(),
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: MinIO and most self-hosted services. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** On SIGTERM, how long /readyz answers 503 before the server stops accepting connections (load balancers notice). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** GET /metrics on the main port answers requests bearing `Authorization: Bearer <METRICS_TOKEN>` (plugins/metrics.ts). */
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`): it guards /metrics on the public port")
    .optional(),
  /** A separate listener serving only /metrics, with no token: for a private interface (METRICS_HOST). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the metrics listener binds; loopback unless told (e.g. the private network's address). */
  METRICS_HOST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type Env = z.infer<typeof envSchema>;

const PAIRED_S3_KEYS = ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** Parses the environment; an empty variable counts as unset. Throws a message naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const missing = PAIRED_S3_KEYS.filter((key) => env[key] === undefined);
  if (missing.length === 1)
    throw new Error(`Invalid environment:\n  ${missing[0]}: required with ${PAIRED_S3_KEYS.find((k) => k !== missing[0])}`);
  if (env.METRICS_HOST !== undefined && env.METRICS_PORT === undefined)
    throw new Error("Invalid environment:\n  METRICS_HOST: requires METRICS_PORT (the metrics listener's port)");
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
    throw new Error("Invalid environment:\n  METRICS_PORT: must differ from PORT (use METRICS_TOKEN for /metrics on the main port)");
  return env;
}

/** Where the separate metrics listener binds, or null when METRICS_PORT is unset. */
export function metricsListener(env: Pick<Env, "METRICS_PORT" | "METRICS_HOST">): { host: string; port: number } | null {
  return env.METRICS_PORT === undefined ? null : { host: env.METRICS_HOST ?? "127.0.0.1", port: env.METRICS_PORT };
}

/** Whether to fill an empty database with the demo catalogue, and the sentence that says why. */
export function demoSeeding(env: Pick<Env, "SEED_DEMO" | "DATABASE_URL">): { enabled: boolean; reason: string } {
  if (env.SEED_DEMO !== undefined) return { enabled: env.SEED_DEMO, reason: `SEED_DEMO is ${env.SEED_DEMO}` };
  return env.DATABASE_URL
    ? { enabled: false, reason: "SEED_DEMO is false (the default with DATABASE_URL)" }
    : { enabled: true, reason: "SEED_DEMO is true (the default on the embedded database)" };
}
