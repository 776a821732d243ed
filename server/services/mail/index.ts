import type NodemailerModule from "nodemailer";
import { createEmlFiles, type EmlFiles } from "./eml-files";
import type { Mailer, MailMessage } from "./types";

export type MailerOptions = {
  /** smtp:// or smtps:// URL (credentials allowed); without it messages go to `outboxDir` as .eml files. */
  smtpUrl?: string | undefined;
  /** The company mailbox, e.g. `Marine Algae <contact@marine-algae.tn>`. */
  from: string;
  outboxDir: string;
};

/** Header values are single-line: a CR or LF could otherwise start a new header (Bcc: ...). */
export function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

type Transport = (message: MailMessage, from: string) => Promise<{ messageId: string }>;

/**
 * A nodemailer transport made with the first message, not at start: a server that sends nothing never loads nodemailer
 * (issue 34). `close` closes it if it was made.
 */
function lazyTransport<T extends { close(): void }>(make: (nodemailer: typeof NodemailerModule) => T) {
  let made: Promise<T> | undefined;
  return {
    get: () => {
      made ??= import("nodemailer").then(({ default: nodemailer }) => make(nodemailer));
      return made;
    },
    close: () => void made?.then((transport) => transport.close()),
  };
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from: singleLine(from),
    to: singleLine(message.to),
    subject: singleLine(message.subject),
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.replyTo === undefined ? {} : { replyTo: singleLine(message.replyTo) }),
    ...(message.messageId === undefined ? {} : { messageId: singleLine(message.messageId) }),
    ...(message.inReplyTo === undefined ? {} : { inReplyTo: singleLine(message.inReplyTo) }),
    ...(message.references === undefined || message.references.length === 0 ? {} : { references: message.references.map(singleLine) }),
    ...(message.attachments === undefined ? {} : { attachments: message.attachments }),
  };
}

function smtpTransport(smtpUrl: string): { send: Transport; close(): void } {
  // One connection per message (no pool): nothing stays open between messages or after close().
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      logger: false,
    }),
  );
  return {
    async send(message, from) {
      const info = await (await transport.get()).sendMail(toNodemailer(message, from));
      if (info.rejected.length > 0) throw new Error(`Recipient refused: ${info.rejected.join(", ")}`);
      return { messageId: info.messageId };
    },
    close: transport.close,
  };
}

/** Each message as `<Message-ID>.eml` (eml-files.ts): a resend of one outbox row replaces its file. */
function outboxTransport(files: EmlFiles): { send: Transport; close(): void } {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
  return {
    async send(message, from) {
      const info = await (await transport.get()).sendMail(toNodemailer(message, from));
      if (!Buffer.isBuffer(info.message)) throw new Error("The outbox transport did not produce a message");
      await files.write(info.messageId, info.message);
      return { messageId: info.messageId };
    },
    close: transport.close,
  };
}

/**
 * Sends over SMTP when `smtpUrl` is set, otherwise writes each message to `outboxDir` (then `emlFiles` is that folder).
 * `send` resolves once the server accepted the message (or the file is written) and rejects otherwise.
 * `close` waits for messages still being sent, so a graceful shutdown does not drop a notification.
 */
export function createMailer(options: MailerOptions): Mailer {
  const files = options.smtpUrl ? null : createEmlFiles(options.outboxDir);
  const transport = files ? outboxTransport(files) : smtpTransport(options.smtpUrl ?? "");
  const pending = new Set<Promise<unknown>>();
  return {
    from: options.from,
    ...(files ? { emlFiles: files } : {}),
    send(message) {
      const sending = transport.send(message, options.from);
      const tracked = sending.catch(() => undefined).finally(() => pending.delete(tracked));
      pending.add(tracked);
      return sending;
    },
    async close() {
      await Promise.all([...pending]);
      transport.close();
    },
  };
}
