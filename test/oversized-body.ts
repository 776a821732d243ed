import { connect } from "node:net";

export type OversizedBody = {
  /** How the body is sent: with its length declared up front, chunked, or chunked as a multipart form. */
  framing: "declared" | "chunked" | "multipart";
  /** Bytes the body would have in all. */
  total: number;
};

/** `status` 0: the server closed the connection without an answer the client could read (reset mid-body). */
export type OversizedAnswer = { status: number; sent: number; head: string };

const CHUNK = Buffer.alloc(64 * 1024, "a");
const BOUNDARY = "oversized-boundary";

/**
 * POSTs an oversized body over a raw socket, 64 KB at a time as the socket drains, and stops writing as soon as the
 * server answers; resolves with the answer's status and how much was sent once the server closes or the answer is
 * whole. A raw socket because a server that answers and closes mid-body makes an HTTP client fail with EPIPE before
 * it reports the answer; here the answer's bytes are kept whatever the writes run into. When the peer resets the
 * connection before its answer could be read (the kernel drops it with the reset), `status` is 0: the stream was cut.
 */
export function postOversized(port: number, path: string, body: OversizedBody): Promise<OversizedAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const type = body.framing === "multipart" ? `multipart/form-data; boundary=${BOUNDARY}` : "application/x-www-form-urlencoded";
    const length = body.framing === "declared" ? `content-length: ${body.total}` : "transfer-encoding: chunked";
    let received = "";
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), sent, head: received.slice(0, 2000) });
    };
    socket.setEncoding("latin1");
    socket.on("data", (data: string) => {
      received += data;
      // The whole head and a body that ends (or the connection closing) are enough to read the answer.
      if (/\r\n\r\n[\s\S]*<\/html>|\r\n\r\n\{[\s\S]*\}$/.test(received)) finish();
    });
    socket.on("close", finish);
    socket.on("error", () => {
      // EPIPE / ECONNRESET once the server stopped reading: the answer, if any, is already in `received`.
      finish();
    });
    const frame = (data: Buffer) =>
      body.framing === "declared" ? data : Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
    const pump = () => {
      while (!done && received === "" && sent < body.total) {
        sent += CHUNK.length;
        if (!socket.write(frame(CHUNK))) return void socket.once("drain", pump);
      }
      if (!done && received === "" && body.framing !== "declared") socket.write("0\r\n\r\n");
    };
    socket.on("connect", () => {
      socket.write(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${type}\r\n${length}\r\n\r\n`);
      if (body.framing === "multipart")
        socket.write(frame(Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="message"\r\n\r\n`)));
      pump();
    });
  });
}
