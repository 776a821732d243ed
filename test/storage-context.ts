import { afterAll, beforeAll } from "vitest";
import { startTestS3, type TestS3 } from "./s3-server";
import { createTestContext, type TestContext } from "./test-app";

/** Where a suite's images live: local disk, or a bucket of a real S3-compatible server (s3rver, its own process). */
export const STORAGE_KINDS = ["disk", "s3"] as const;

/**
 * Opens a test context on that storage before the calling describe's tests (handing it, and the S3 server if any, to
 * `use`), closes both after.
 */
export function withStorage(kind: (typeof STORAGE_KINDS)[number], use: (ctx: TestContext, s3: TestS3 | undefined) => void): void {
  let s3: TestS3 | undefined;
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    if (kind === "s3") s3 = await startTestS3();
    ctx = await createTestContext({ s3 });
    use(ctx, s3);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.stop();
  });
}
