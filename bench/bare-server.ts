/** A bare Fastify route answering fixed bytes: the yardstick the cached public API is compared with. */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: bare-server.ts <body-file> <port>");
const body = readFileSync(file);
const app = Fastify();
app.get("/bare", (_request, reply) => reply.header("content-type", "application/json; charset=utf-8").send(body));
await app.listen({ port: Number(port), host: "127.0.0.1" });
console.log("ready");
