import path from "node:path";
import type { Env } from "../../env";
import { createDiskStorage } from "./disk";
import type { ImageStorage } from "./types";

type StorageEnv = Pick<
  Env,
  "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PUBLIC_URL" | "S3_FORCE_PATH_STYLE"
>;

/**
 * The bucket named by S3_BUCKET when set, otherwise `<dataDir>/uploads` on local disk. The S3 client (the AWS SDK,
 * ~35 MB resident) is loaded only when a bucket is named (issue 34).
 */
export async function createStorage(env: StorageEnv, dataDir: string): Promise<ImageStorage> {
  if (!env.S3_BUCKET) return createDiskStorage(path.join(dataDir, "uploads"));
  const { createS3Storage } = await import("./s3");
  return createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    // Unset, the SDK takes credentials from its usual chain (AWS_* variables, instance role…).
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: env.S3_PUBLIC_URL,
  });
}
