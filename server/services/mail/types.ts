import type { Readable } from "node:stream";
import type { EmlFiles } from "./eml-files";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Message-ID to set, so later replies can thread with it. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: { filename: string; contentType: string; content: Readable }[];
};

/** Sends over SMTP (SMTP_URL) or writes .eml files to DATA_DIR/outbox. Rejects when the server refuses. */
export interface Mailer {
  readonly from: string;
  /** The folder of written messages, when there is no SMTP server: erasure and pruning remove files from it too. */
  readonly emlFiles?: EmlFiles;
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
