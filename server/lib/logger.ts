import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import { loggedUrl } from "./log-url";

/** What a request's log lines say of it (Fastify's own fields), its query's secrets and personal data left out. */
type LoggedRequest = { method: string; url: string; ip: string; socket?: { remotePort?: number } | undefined };
const requestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: loggedUrl(request.url),
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * The process's one logger (decision 0095): one JSON object per line, errors with their stack inside the object; SQL
 * parameters never written (a failed query's error carries the values it bound: e-mail addresses, hashes). A person
 * running the server in a terminal reads the same lines through pino-pretty (LOG_FORMAT=json keeps JSON there too).
 * Lines are written synchronously, so a line logged just before the process exits is not lost. A request's URL keeps
 * only harmless query values (lib/log-url.ts): no token, search or address reaches the log.
 */
export function createLogger(level: string, stream: NodeJS.WriteStream = process.stdout): Logger {
  const human = stream.isTTY === true && process.env.LOG_FORMAT !== "json";
  const options = {
    level,
    redact: { paths: ["err.params", "err.cause.params", "err.cause.cause.params"], remove: true },
    serializers: { req: requestSerializer },
  };
  if (!human) return pino(options, stream);
  // Only in a terminal: a server under a supervisor never loads pino-pretty (issue 34).
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");
  return pino(options, pretty({ destination: stream, sync: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" }));
}
