import { describe, expect, it } from "vitest";
import { demoSeeding, metricsListener, parseEnv } from "./env";

describe("environment", () => {
  it("keeps idle connections 72 s unless KEEP_ALIVE_TIMEOUT_MS says otherwise, and refuses a value that is not a duration", () => {
    expect(parseEnv({}).KEEP_ALIVE_TIMEOUT_MS).toBe(72_000);
    expect(parseEnv({ KEEP_ALIVE_TIMEOUT_MS: "120000" }).KEEP_ALIVE_TIMEOUT_MS).toBe(120_000);
    expect(() => parseEnv({ KEEP_ALIVE_TIMEOUT_MS: "soon" })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(() => parseEnv({ KEEP_ALIVE_TIMEOUT_MS: "10" })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });

  it("reads the S3 settings, and refuses a key id without its secret or a malformed endpoint", () => {
    const env = parseEnv({
      S3_BUCKET: "marine-images",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(env).toMatchObject({ S3_BUCKET: "marine-images", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true });
    expect(() => parseEnv({ S3_BUCKET: "marine-images", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ S3_BUCKET: "marine-images", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});

describe("metrics settings", () => {
  it("leave /metrics off by default: no token, no separate listener", () => {
    const env = parseEnv({});
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(metricsListener(env)).toBeNull();
  });

  it("refuse a METRICS_TOKEN shorter than 32 characters, naming it", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(parseEnv({ METRICS_TOKEN: "m".repeat(32) }).METRICS_TOKEN).toBe("m".repeat(32));
  });

  it("bind the metrics listener to loopback unless METRICS_HOST says otherwise, and refuse a host without a port or the main port", () => {
    expect(metricsListener(parseEnv({ METRICS_PORT: "9464" }))).toEqual({ host: "127.0.0.1", port: 9464 });
    expect(metricsListener(parseEnv({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }))).toEqual({ host: "10.0.0.5", port: 9464 });
    expect(() => parseEnv({ METRICS_HOST: "10.0.0.5" })).toThrow(/METRICS_HOST: requires METRICS_PORT/);
    expect(() => parseEnv({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => parseEnv({ METRICS_PORT: "http" })).toThrow(/METRICS_PORT/);
  });
});

describe("demo content default", () => {
  it("seeds the embedded database unless SEED_DEMO says otherwise", () => {
    expect(demoSeeding(parseEnv({}))).toEqual({ enabled: true, reason: "SEED_DEMO is true (the default on the embedded database)" });
    expect(demoSeeding(parseEnv({ SEED_DEMO: "false" }))).toEqual({ enabled: false, reason: "SEED_DEMO is false" });
  });

  it("does not seed PostgreSQL (DATABASE_URL) unless SEED_DEMO is true", () => {
    const url = "postgres://u:p@db:5432/site";
    expect(demoSeeding(parseEnv({ DATABASE_URL: url }))).toEqual({
      enabled: false,
      reason: "SEED_DEMO is false (the default with DATABASE_URL)",
    });
    expect(demoSeeding(parseEnv({ DATABASE_URL: url, SEED_DEMO: "true" }))).toEqual({ enabled: true, reason: "SEED_DEMO is true" });
  });

  it("reads SHUTDOWN_DELAY_MS, 1 s by default, and refuses a negative one", () => {
    expect(parseEnv({}).SHUTDOWN_DELAY_MS).toBe(1000);
    expect(parseEnv({ SHUTDOWN_DELAY_MS: "0" }).SHUTDOWN_DELAY_MS).toBe(0);
    expect(() => parseEnv({ SHUTDOWN_DELAY_MS: "-1" })).toThrow(/SHUTDOWN_DELAY_MS/);
  });
});
