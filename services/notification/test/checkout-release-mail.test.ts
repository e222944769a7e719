/**
 * CheckoutReleaseOffered → the release link mailed to the address. Anyone can make payment offer one
 * (by checking out with a stranger's address), so one address gets 3 a day and the mail carries
 * only our words and the link. On the embedded service with its file outbox and the bus.
 */
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, checkoutReleasePath, type CheckoutReleaseOffered } from '@vanhop/contracts';
import { createEvent, type MemoryEventBus } from '@vanhop/platform';
import type { OutboxFolder } from '../src/adapters/outbox-folder.js';
import { CHECKOUT_RELEASE_MAILS_PER_DAY } from '../src/consumers/on-checkout-release-offered.js';
import { startNotificationOnTempDir, type NotificationOnTempDir } from './support/on-temp-dir.js';

const TOKEN = 'k3y-Of_43_chars_aaaaaaaaaaaaaaaaaaaaaaaaaaa';
const offer = (over: Partial<CheckoutReleaseOffered> = {}): CheckoutReleaseOffered => ({
  email: 'owner@example.com',
  releasePath: checkoutReleasePath(TOKEN),
  expiresAt: '2026-03-01T10:45:00.000Z',
  openCheckouts: 2,
  ...over,
});

describe('CheckoutReleaseOffered: the release link, a few a day per address', () => {
  let bus: MemoryEventBus;
  let outbox: OutboxFolder;
  let running: NotificationOnTempDir | undefined;
  let now = Date.parse('2026-03-01T10:00:00Z');
  const clock = { now: () => new Date(now) };

  beforeAll(async () => {
    running = await startNotificationOnTempDir(
      { DELIVERY_RETRY_BACKOFF_MS: '20', PUBLIC_URL: 'https://vanhop.example' },
      { clock, folderPrefix: 'vanhop-checkout-release-' },
    );
    ({ bus, outbox } = running);
  });
  afterAll(() => running?.stop());

  const publish = async (data: CheckoutReleaseOffered) => {
    await bus.publish(
      TOPICS.checkoutReleaseOffered,
      await createEvent(TOPICS.checkoutReleaseOffered, data, { producer: 'payment', clock }),
    );
    await bus.idle();
  };
  const textOf = async (file: string) => (await simpleParser((await outbox.mail(file))!)).text ?? '';
  const mailsTo = async (address: string) =>
    (await outbox.mails()).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));

  it('mails the link, when it lapses and how many moves wait: nothing anyone typed', async () => {
    await publish(offer());
    const [mail] = await mailsTo('owner@example.com');
    expect(mail?.subject).toBe('Moves are waiting for payment under your e-mail address');
    const raw = await textOf(mail!.file);
    expect(raw).toContain(`https://vanhop.example/release-checkouts#${TOKEN}`);
    expect(raw).toContain('2 moves are waiting for payment');
    // 10:45 UTC on 1 March is 10:45 in London (GMT).
    expect(raw).toMatch(/The link works until Sunday,? 1 March 2026 at 10:45/);
    expect(bus.deadLettered()).toHaveLength(0);
  });

  it('one address gets 3 a day, however it is spelt; another address is not held back; a day on, its share again', async () => {
    expect(CHECKOUT_RELEASE_MAILS_PER_DAY).toBe(3);
    for (const email of [
      'stranger@example.com',
      'STRANGER@example.com',
      'Stranger@Example.com',
      'stranger@example.com',
    ])
      await publish(offer({ email }));
    expect(await mailsTo('stranger@example.com')).toHaveLength(3);
    expect(bus.deadLettered()).toHaveLength(0);

    await publish(offer({ email: 'someone.else@example.com', openCheckouts: 1 }));
    const [other] = await mailsTo('someone.else@example.com');
    expect(await textOf(other!.file)).toContain('1 move is waiting for payment');

    now += 24 * 60 * 60 * 1000 + 1000;
    await publish(offer({ email: 'stranger@example.com' }));
    expect(await mailsTo('stranger@example.com')).toHaveLength(4);
  });

  it('an event without an address or link is refused at the boundary, not mailed', async () => {
    await expect(
      createEvent(TOPICS.checkoutReleaseOffered, { ...offer(), email: 'not an address' }, { producer: 'payment' }),
    ).rejects.toThrow(/email/);
  });
});
