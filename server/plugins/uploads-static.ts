import { mkdirSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import { UPLOAD_FOLDERS } from "@shared/limits";
import fp from "fastify-plugin";
import { errorBody } from "../lib/http-error";
import { IMMUTABLE, imageContentType } from "../services/storage/keys";
import type { ImageStorage } from "../services/storage/types";

/** Only image files the storage writes, in an allowed folder: nothing else under the root is ever served. */
const SERVABLE = new RegExp(
  `^/(?:${UPLOAD_FOLDERS.join("|")})/[0-9a-f]{16}-(?:\\d+x\\d+(?:-av)?\\.(?:jpg|png|webp)|\\d+w\\.(?:webp|avif))$`,
);
const NOT_FOUND = errorBody({ code: "not_found", params: { item: "image" } });

/**
 * Serves stored images under /uploads/: content-hashed names, so cached for a year; no listing, no dot files.
 * On disk through @fastify/static; from a bucket by reading the object (or, with a public bucket URL, by a permanent
 * redirect there).
 */
export const uploadsStatic = fp<{ storage: ImageStorage }>(
  async (app, { storage }) => {
    const root = storage.localRoot;
    if (!root) {
      app.get<{ Params: { "*": string } }>("/uploads/*", async (request, reply) => {
        const key = request.params["*"];
        if (!SERVABLE.test(`/${key}`)) return reply.code(404).send(NOT_FOUND);
        reply.header("cache-control", IMMUTABLE).header("x-content-type-options", "nosniff");
        if (storage.publicUrl) return reply.redirect(`${storage.publicUrl}/${key}`, 301);
        const bytes = await storage.readObject(key);
        if (!bytes) return reply.code(404).header("cache-control", "no-store").send(NOT_FOUND);
        return reply.type(imageContentType(key)).send(bytes);
      });
      return;
    }
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
        reply.header("cache-control", IMMUTABLE);
        reply.header("x-content-type-options", "nosniff");
      },
    });
  },
  { name: "uploads-static" },
);
