import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { envelopeFrom: string; envelopeTo: string[]; parsed: ParsedMail; raw: string };

/** A real SMTP server on 127.0.0.1 (on `port`, or a free one) that keeps what it receives; `setRefuse` makes it refuse messages. */
export async function startTestSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  let refuse: false | number = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (refuse) return callback(Object.assign(new Error("Mailbox unavailable (test refusal)"), { responseCode: refuse }));
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          parsed: await simpleParser(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    received,
    /** While on, the server refuses every message: with 450 (temporary, retried) or the given code (550: for good). */
    setRefuse(value: boolean, code = 450) {
      refuse = value ? code : false;
    },
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const start = Date.now();
      while (received.length < count) {
        if (Date.now() - start > timeoutMs) throw new Error(`Expected ${count} mails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
