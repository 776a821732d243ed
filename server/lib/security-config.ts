/** Session, one-time-password and retention timings (each set by an environment variable, see env.ts). */
export type SecurityConfig = {
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  oneTimePasswordHours: number;
  messageRetentionDays: number;
  /** Raw visits; their daily rollups are kept for ever (services/analytics-rollup.ts). */
  visitRetentionDays: number;
};

/**
 * Defaults, with why (docs/decisions/0071-session-timeouts.md): 30 minutes idle and 12 hours in all are NIST SP 800-63B's
 * re-authentication figures for AAL2; a one-time password lives 3 days (a new colleague may read it on Monday);
 * messages are kept 3 years (the limitation period of commercial claims in most of our customers' countries); raw
 * visits 13 months (a year compared with the same month last year, CNIL's ceiling for audience measurement data).
 */
export const SECURITY_DEFAULTS: SecurityConfig = {
  sessionIdleMinutes: 30,
  sessionMaxHours: 12,
  oneTimePasswordHours: 72,
  messageRetentionDays: 3 * 365,
  visitRetentionDays: 396,
};

/** The configuration of a running server from its environment. */
export function securityConfigOf(env: {
  SESSION_IDLE_MINUTES: number;
  SESSION_MAX_HOURS: number;
  ONE_TIME_PASSWORD_HOURS: number;
  MESSAGE_RETENTION_DAYS: number;
  VISIT_RETENTION_DAYS: number;
}): SecurityConfig {
  return {
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionMaxHours: env.SESSION_MAX_HOURS,
    oneTimePasswordHours: env.ONE_TIME_PASSWORD_HOURS,
    messageRetentionDays: env.MESSAGE_RETENTION_DAYS,
    visitRetentionDays: env.VISIT_RETENTION_DAYS,
  };
}
