import { Writable } from "node:stream";

/** Fastify logger options writing each JSON line, parsed, into `lines` (a line that is not JSON fails the test). */
export function captureLog(lines: Record<string, unknown>[], level = "info") {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { level, stream };
}
