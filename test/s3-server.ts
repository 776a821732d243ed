import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type TestS3 = {
  endpoint: string;
  credentials: typeof CREDENTIALS;
  /** A new, empty bucket, so each test context starts from nothing. */
  createBucket(): Promise<string>;
  stop(): Promise<void>;
};

/** A real S3-compatible server (the `s3rver` package) in its own process, on a free port, storing in a temp dir. */
export async function startTestS3(): Promise<TestS3> {
  const dir = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const bin = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");
  const child: ChildProcess = spawn(process.execPath, [bin, "--directory", dir, "--address", "127.0.0.1", "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on [\d.]+:(\d+)/.exec(output);
      if (match?.[1]) resolve(Number(match[1]));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}: ${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    credentials: CREDENTIALS,
    async createBucket() {
      const bucket = `test-${randomBytes(6).toString("hex")}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    async stop() {
      client.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
