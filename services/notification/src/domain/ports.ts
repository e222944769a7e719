/** One message in the embedded outbox's mail folder, as its headers name it. */
export interface OutboxMail {
  file: string;
  subject: string;
  to: string;
  from: string;
  date: string;
  messageId: string;
}

/** One text message in the embedded outbox's SMS folder. */
export interface OutboxText {
  file: string;
  to: string;
  body: string;
  sentAt: string;
}

/** The mail and texts the product "sent" in embedded mode, newest first. */
export interface OutboxFolder {
  mails(): Promise<OutboxMail[]>;
  texts(): Promise<OutboxText[]>;
  /** The raw message, or null when there is no such file. */
  mail(file: string): Promise<Buffer | null>;
}
