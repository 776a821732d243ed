import path from "node:path";
import { type Env, parseEnv } from "./env";
import { createDiskStorage } from "./services/storage/disk";
import type { ImageStorage } from "./services/storage/types";

/** The environment, or exit with the message naming every bad variable (server and command-line tools alike). */
export function loadEnvOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** Where uploaded images live, as configured: the server, backup and restore all use this one choice. */
export function openStorage(_env: Env, dataDir: string): ImageStorage {
  return createDiskStorage(path.join(dataDir, "uploads"));
}
