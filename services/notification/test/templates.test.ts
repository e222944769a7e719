import { formatPence } from '@vanhop/contracts';
import { describe, expect, it } from 'vitest';
import { html, raw } from '../src/domain/html.js';
import { decodeEncodedWords, readMailHeaders } from '../src/domain/mail-headers.js';
import { hoursLabel, moveDate } from '../src/domain/format.js';
import { ukPhoneToE164 } from '../src/domain/phone.js';
import { bookingConfirmedCustomerEmail } from '../src/domain/templates/booking-confirmed-customer.js';
import { bookingConfirmedDriverEmail } from '../src/domain/templates/booking-confirmed-driver.js';
import { quoteSavedEmail } from '../src/domain/templates/quote-saved.js';
import { contactMessageEmail } from '../src/domain/templates/contact-message.js';
import { bookingConfirmed, quoteSaved } from './support/events.js';

const hostile = `<script>alert("x")</script>&'`;

describe('html tag', () => {
  it('escapes every interpolated value, nested lists included, unless marked raw', () => {
    expect(html`<p>${hostile}</p>`.value).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>');
    expect(html`<ul>${['<a>', html`<li>${'<b>'}</li>`]}</ul>`.value).toBe('<ul>&lt;a&gt;<li>&lt;b&gt;</li></ul>');
    expect(html`${raw('<br>')}`.value).toBe('<br>');
  });
});

describe('templates escape customer values in HTML', () => {
  const customer = { name: hostile, email: 'a@example.com', phone: '0770' };
  it.each([
    [
      'customer confirmation',
      bookingConfirmedCustomerEmail(
        { ...bookingConfirmed, customer },
        { publicUrl: 'https://x.test' },
        '2026-03-01T10:00:00.000Z',
      ).html,
    ],
    [
      'driver job',
      bookingConfirmedDriverEmail({
        ...bookingConfirmed,
        customer,
        move: {
          ...bookingConfirmed.move,
          description: hostile,
          addresses: bookingConfirmed.move.addresses.map((a) => ({ ...a, physicalAddress: hostile })),
        },
      }).html,
    ],
    [
      'contact',
      contactMessageEmail({ name: hostile, email: 'a@example.com', phone: '1', title: hostile, message: hostile }).html,
    ],
  ])('%s', (_name, body) => {
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;');
  });

  it('quote saved carries nothing the saver typed: the address is unproved', () => {
    const mail = quoteSavedEmail(
      { ...quoteSaved, customer: { ...customer, name: `Visit evil.example ${hostile}` } },
      { publicUrl: 'https://x.test' },
    );
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('script');
    }
    expect(mail.text).toContain('Hello,\n');
  });

  it('via stops are named between collection and delivery', () => {
    const move = {
      ...bookingConfirmed.move,
      addresses: [
        { location: 'NW2', physicalAddress: '', stair: 1 },
        { location: 'NW6', physicalAddress: '', stair: 0 },
        { location: 'W5', physicalAddress: '', stair: 3 },
      ],
    };
    const { text } = bookingConfirmedCustomerEmail(
      { ...bookingConfirmed, move },
      { publicUrl: 'https://x.test' },
      '2026-03-01T10:00:00.000Z',
    );
    expect(text).toContain(
      'Collection: NW2 (1 flight of stairs)\nVia stop: NW6 (Elevator / No stairs)\nDelivery: W5 (3 flights of stairs)',
    );
  });
});

describe('lookups by a value from an event', () => {
  it('a van or help name that is an Object.prototype member is shown as written', () => {
    for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const move = { ...bookingConfirmed.move, typeofVan: word, typeOfWorker: word };
      const { text } = bookingConfirmedCustomerEmail(
        { ...bookingConfirmed, move },
        { publicUrl: 'https://x.test' },
        '2026-03-01T10:00:00.000Z',
      );
      expect(text, word).toContain(`Van: ${word}\n`);
    }
    const eml = 'constructor: a\r\ntoString: b\r\n\r\n';
    expect(readMailHeaders(eml)).toEqual({ constructor: 'a', tostring: 'b' });
  });
});

describe('money in the e-mails', () => {
  it('reads like the app: en-GB pounds with a thousands separator', () => {
    const big = {
      ...bookingConfirmed,
      totalPricePence: 331216,
      amountPaidPence: 99365,
      outstandingBalancePence: 231851,
    };
    const mail = bookingConfirmedCustomerEmail(big, { publicUrl: 'https://x.test' }, '2026-03-01T10:00:00.000Z');
    expect(mail.text).toContain('£3,312.16');
    expect(mail.text).toContain('£2,318.51');
    expect(mail.text).not.toContain('£3312.16');
  });
});

describe('formatting', () => {
  it('money, London dates, hours and phone numbers', () => {
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(0)).toBe('£0.00');
    expect(moveDate('2026-01-10T18:15:00Z')).toBe('Saturday, 10 January 2026 at 18:15');
    expect(moveDate('2026-06-10T18:15:00Z')).toBe('Wednesday, 10 June 2026 at 19:15');
    expect(moveDate('')).toBe('date to be confirmed');
    expect(hoursLabel(1)).toBe('1 hour');
    expect(hoursLabel(2.5)).toBe('2 hours 30 minutes');
    expect(ukPhoneToE164('07700900123')).toBe('+447700900123');
    expect(ukPhoneToE164('447700900123')).toBe('+447700900123');
  });
});

describe('mail headers of an .eml', () => {
  it('unfolds lines and decodes encoded words', () => {
    const eml =
      'Subject: =?UTF-8?Q?Prix_=C2=A350?=\r\n =?UTF-8?B?IOKAkyBkw6ltw6luYWdlbWVudA==?=\r\nTo: a@example.com\r\n\r\nSubject: body line';
    expect(readMailHeaders(eml)).toEqual({ subject: 'Prix £50 – déménagement', to: 'a@example.com' });
    expect(decodeEncodedWords('plain')).toBe('plain');
  });
});
