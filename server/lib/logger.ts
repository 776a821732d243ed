import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

/**
 * The process's one logger (decision 0095): one JSON object per line, errors with their stack inside the object; SQL
 * parameters never written (a failed query's error carries the values it bound: e-mail addresses, hashes). A person
 * running the server in a terminal reads the same lines through pino-pretty (LOG_FORMAT=json keeps JSON there too).
 * Lines are written synchronously, so a line logged just before the process exits is not lost.
 */
export function createLogger(level: string, stream: NodeJS.WriteStream = process.stdout): Logger {
  const human = stream.isTTY === true && process.env.LOG_FORMAT !== "json";
  const options = {
    level,
    redact: { paths: ["err.params", "err.cause.params", "err.cause.cause.params"], remove: true },
  };
  if (!human) return pino(options, stream);
  return pino(options, pretty({ destination: stream, sync: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" }));
}
