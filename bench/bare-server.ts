/** Bare Fastify routes answering fixed bytes: the yardstick the cached public API is compared with. */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: bare-server.ts <answers.json> <port>");
/**
 * `{ "/api/categories": { headers, body }, … }`: each path answers the headers and body the real server gave for it,
 * so both send the same bytes (a client spends time on every header it parses, too).
 */
const answers = JSON.parse(readFileSync(file, "utf8")) as Record<string, { headers: Record<string, string>; body: string }>;
const app = Fastify({ keepAliveTimeout: 72_000 });
for (const [path, { headers, body }] of Object.entries(answers)) {
  const bytes = Buffer.from(body);
  app.get(path, (_request, reply) => reply.headers(headers).send(bytes));
}
await app.listen({ port: Number(port), host: "127.0.0.1" });
