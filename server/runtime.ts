import type { Env } from "./env";
import { createStorage } from "./services/storage/create";
import type { ImageStorage } from "./services/storage/types";

/** Where uploaded images live, as configured: the server, backup and restore all use this one choice. */
export function openStorage(env: Env, dataDir: string): Promise<ImageStorage> {
  return createStorage(env, dataDir);
}
