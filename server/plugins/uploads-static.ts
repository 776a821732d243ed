import { mkdirSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";
import { UPLOAD_FOLDERS } from "../../shared/limits";
import type { ImageStorage } from "../services/storage/types";

/** Only image files the storage writes, in an allowed folder: nothing else under the root is ever served. */
const SERVABLE = new RegExp(
  `^/(?:${UPLOAD_FOLDERS.join("|")})/[0-9a-f]{16}-(?:\\d+x\\d+(?:-av)?\\.(?:jpg|png|webp)|\\d+w\\.(?:webp|avif))$`,
);

/** Serves the disk storage under /uploads/: content-hashed names, so cached for a year; no listing, no dot files. */
export const uploadsStatic = fp<{ storage: ImageStorage }>(
  async (app, { storage }) => {
    const root = storage.localRoot;
    if (!root) return;
    mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: "/uploads/",
      decorateReply: false,
      index: false,
      list: false,
      redirect: false,
      dotfiles: "ignore",
      cacheControl: false,
      allowedPath: (pathname) => SERVABLE.test(pathname),
      setHeaders(reply) {
        reply.header("cache-control", "public, max-age=31536000, immutable");
        reply.header("x-content-type-options", "nosniff");
      },
    });
  },
  { name: "uploads-static" },
);
