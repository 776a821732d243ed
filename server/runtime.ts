import { type Env, parseEnv } from "./env";
import { createStorage } from "./services/storage/create";
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
export function openStorage(env: Env, dataDir: string): Promise<ImageStorage> {
  return createStorage(env, dataDir);
}
