import { describe, expect, it } from "vitest";
import { demoSeeding, parseEnv } from "./env";

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
