export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  from?: string;
  replyTo?: string;
  /** Stable id (e.g. derived from the event) so retries never produce two different messages. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
