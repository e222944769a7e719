/**
 * When an address's share of open checkouts stops applying to one client: the rule
 * read from the address's release offers of the last day, in one store read. The end-to-end
 * behaviour (through the gateway, the outbox and a pinned clock) is in
 * test/system/driver-holds.test.ts; this is the rule alone.
 */
import { describe, expect, it } from 'vitest';
import { CHECKOUT_RELEASE_LINKS_PER_DAY } from '@vanhop/contracts';
import { countsAlone, type CheckoutReleaseOffer } from '../src/domain/checkout-release.js';

const now = new Date('2026-11-27T12:00:00.000Z');
const offer = (minutesAgo: number, extra: Partial<CheckoutReleaseOffer> = {}): CheckoutReleaseOffer => {
  const created = new Date(now.getTime() - minutesAgo * 60_000);
  return {
    _id: `digest-${minutesAgo}`,
    holder: 'owner@example.com',
    createdAt: created.toISOString(),
    expiresAt: new Date(created.getTime() + 45 * 60_000).toISOString(),
    ...extra,
  };
};
const alone = (offers: CheckoutReleaseOffer[], client = 'client-a') =>
  countsAlone(offers, client, now, CHECKOUT_RELEASE_LINKS_PER_DAY);

describe('countsAlone', () => {
  it('keeps the address share for everyone while no link was used and the day has links left', () => {
    expect(alone([])).toBe(false);
    expect(alone([offer(10)])).toBe(false);
  });

  it('lets the client that used a live link count alone, and nobody else', () => {
    const used = [offer(10, { releasedBy: 'client-a', usedAt: now.toISOString() })];
    expect(alone(used, 'client-a')).toBe(true);
    expect(alone(used, 'client-b')).toBe(false);
  });

  it('stops once the link it used has expired', () => {
    expect(alone([offer(50, { releasedBy: 'client-a' })])).toBe(false);
  });

  it("drops the address share for every client once the day's links were all offered", () => {
    const day = Array.from({ length: CHECKOUT_RELEASE_LINKS_PER_DAY }, (_, i) => offer(60 * (i + 1)));
    expect(alone(day.slice(1))).toBe(false);
    expect(alone(day, 'client-b')).toBe(true);
  });
});
