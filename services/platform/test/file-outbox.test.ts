import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileOutboxMailer, FileOutboxSms } from '../src/index.js';

describe('embedded outbox adapters', () => {
  it('writes one real RFC 822 file per Message-ID, even when the same message is sent again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vanhop-mail-'));
    const mailer = new FileOutboxMailer(dir, 'VanHop <bookings@vanhop.example>');
    const message = {
      to: 'ann@example.com',
      subject: 'Your quote',
      text: 'Code 123',
      html: '<p>Code 123</p>',
      messageId: '<quote-saved-e1@vanhop.local>',
    };
    await mailer.send(message);
    await mailer.send(message);
    const files = readdirSync(dir);
    expect(files).toEqual(['quote-saved-e1_vanhop.local.eml']);
    const raw = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(raw).toMatch(/^Message-ID: <quote-saved-e1@vanhop.local>$/m);
    expect(raw).toMatch(/^To: ann@example.com$/m);
    expect(raw).toMatch(/^Subject: Your quote$/m);
    expect(raw).toContain('multipart/alternative');
    await mailer.close();
  });

  it('gives messages without an id their own files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vanhop-mail-'));
    const mailer = new FileOutboxMailer(dir, 'VanHop <bookings@vanhop.example>');
    await mailer.send({ to: 'a@example.com', subject: 'A', text: 'a', html: 'a' });
    await mailer.send({ to: 'a@example.com', subject: 'A', text: 'a', html: 'a' });
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('writes one text-message file per id', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vanhop-sms-'));
    const sms = new FileOutboxSms(dir);
    await sms.send({ to: '07700900000', body: 'Booked', id: 'confirm-e1' });
    await sms.send({ to: '07700900000', body: 'Booked', id: 'confirm-e1' });
    expect(readdirSync(dir)).toEqual(['confirm-e1.json']);
    expect(JSON.parse(readFileSync(path.join(dir, 'confirm-e1.json'), 'utf8'))).toMatchObject({
      to: '07700900000',
      body: 'Booked',
    });
  });
});
