/** Bare Fastify routes answering fixed bytes: the yardstick the cached public API is compared with. */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: bare-server.ts <bodies.json> <port>");
/** `{ "/api/categories": "<body>", … }`: each path answers the body the real server gave for it. */
const bodies = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
const app = Fastify();
for (const [path, body] of Object.entries(bodies)) {
  const bytes = Buffer.from(body);
  app.get(path, (_request, reply) => reply.header("content-type", "application/json; charset=utf-8").send(bytes));
}
await app.listen({ port: Number(port), host: "127.0.0.1" });
