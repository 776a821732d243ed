import { describe, expect, it } from "vitest";
import { demoSeeding, parseEnv } from "./env";

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
