import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

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
