import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SmtpMailer } from '@vanhop/platform';
import { loadConfig } from '../src/config.js';
import { SmtpSink } from './support/smtp-sink.js';

describe('mail over SMTP', () => {
  let sink = new SmtpSink();
  let mailer: SmtpMailer | undefined;
  beforeEach(() => {
    sink = new SmtpSink();
  });
  afterEach(async () => {
    await mailer?.close();
    await sink.stop();
  });

  it('sends one message after another on one pooled connection', async () => {
    await sink.start();
    mailer = new SmtpMailer(sink.url, 'VanHop <bookings@vanhop.test>');
    for (const n of [1, 2, 3])
      await mailer.send({
        to: `customer${n}@example.com`,
        subject: `Booking ${n}`,
        text: 'Confirmed',
        html: '<p>Confirmed</p>',
      });
    expect(sink.received.map((m) => m.envelopeTo)).toEqual([
      ['customer1@example.com'],
      ['customer2@example.com'],
      ['customer3@example.com'],
    ]);
    expect(sink.connections).toBe(1);
  });

  it('opens a connection per message when the URL says pool=false', async () => {
    await sink.start();
    mailer = new SmtpMailer(`${sink.url}?pool=false`, 'VanHop <bookings@vanhop.test>');
    for (const n of [1, 2])
      await mailer.send({ to: `c${n}@example.com`, subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
    expect(sink.connections).toBe(2);
  });

  it('refuses an SMTP_URL that is not a URL by name, without echoing it (it holds a password)', () => {
    const env = { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp//mailer:s3cret-pass@mail' };
    expect(() => loadConfig(env)).toThrow(/SMTP_URL must be a URL such as smtp:\/\/user:password@host:587/);
    expect(() => loadConfig(env)).not.toThrow(/s3cret-pass/);
  });
});
