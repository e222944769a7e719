import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  envelopeTo: string[];
  mail: ParsedMail;
}

/**
 * A real SMTP server in the test process: nodemailer talks SMTP to it and every message is parsed
 * with mailparser. It can be stopped and started again on the same port to simulate an outage.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** SMTP connections clients opened: pooled senders open one for many messages. */
  connections = 0;
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // A stop is an outage: it drops the connections pooled senders keep open, rather than
      // waiting (30 s by default) for them to hang up.
      closeTimeout: 50,
      onConnect: (_session, callback) => {
        this.connections++;
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` messages arrived (polling; fails the test after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} mails, got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.received;
  }

  bySubject(fragment: string): ReceivedMail[] {
    return this.received.filter((m) => m.mail.subject?.includes(fragment));
  }
}
