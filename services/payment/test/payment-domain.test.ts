import { describe, expect, it } from 'vitest';
import type { BookingSummary } from '@vanhop/contracts';
import { providerVerdict, successAnswer, type Payment } from '../src/domain/payment.js';
import { planRefund } from '../src/domain/refund.js';

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  _id: 'cs_1',
  provider: 'stripe',
  kind: 'checkout',
  bookingId: 'bk-1',
  randomNumber: 4242,
  percentage: 30,
  amountPence: 8625,
  currency: 'gbp',
  attempt: 1,
  idempotencyKey: 'vanhop-checkout-bk-1-30-1',
  status: 'succeeded',
  redirectUrl: null,
  clientSecret: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const summary = (overrides: Partial<BookingSummary> = {}): BookingSummary => ({
  bookingId: 'bk-1',
  randomNumber: 4242,
  state: 'active',
  paymentStatus: 'unpaid',
  statusText: 'Not paid yet',
  totalPricePence: 28750,
  paidPence: 0,
  balancePence: 28750,
  myMovePath: '/my-move/t',
  move: {
    date: '2026-03-14T09:30:00.000Z',
    addresses: [],
    typeofVan: 'Large',
    typeOfWorker: 'Driver-Help',
    totalHour: 3,
    description: '',
  },
  customerEmail: 'alice@example.com',
  paymentRefs: [],
  ...overrides,
});

describe('providerVerdict', () => {
  it('takes the money only for the exact amount and currency', () => {
    expect(providerVerdict(payment(), { outcome: 'succeeded', amountPence: 8625, currency: 'GBP' })).toBe('succeeded');
    expect(providerVerdict(payment(), { outcome: 'succeeded', amountPence: 8600, currency: 'gbp' })).toBe('mismatch');
    expect(providerVerdict(payment(), { outcome: 'succeeded', amountPence: 8625, currency: 'eur' })).toBe('mismatch');
    expect(providerVerdict(payment(), { outcome: 'pending', amountPence: null, currency: null })).toBe('not-succeeded');
  });
});

describe('successAnswer', () => {
  it('counts a deposit the booking has not applied yet', () => {
    expect(successAnswer(payment(), summary())).toMatchObject({
      paymentStatus: '30percentage',
      paidPence: 8625,
      balancePence: 20125,
      kind: 'deposit',
    });
  });

  it('takes the booking at its word once it has applied the payment', () => {
    const applied = summary({
      paymentStatus: '30percentage',
      paidPence: 8625,
      balancePence: 20125,
      paymentRefs: ['cs_1'],
    });
    expect(successAnswer(payment(), applied)).toMatchObject({
      paymentStatus: '30percentage',
      paidPence: 8625,
      balancePence: 20125,
    });
  });

  it('a balance not yet applied that settles everything reads paid', () => {
    const deposit = summary({
      paymentStatus: '30percentage',
      paidPence: 8625,
      balancePence: 20125,
      paymentRefs: ['cs_1'],
    });
    expect(successAnswer(payment({ _id: 'cs_2', purpose: 'balance', amountPence: 20125 }), deposit)).toMatchObject({
      paymentStatus: 'paid',
      balancePence: 0,
      kind: 'balance',
    });
  });
});

describe('planRefund', () => {
  const paid = [payment({ _id: 'cs_2', amountPence: 20125 }), payment({ _id: 'cs_1', amountPence: 8625 })];

  it('gives back from the newest payment first, then older ones', () => {
    const { parts, shortPence } = planRefund({ refundId: 'rf-1', amountPence: 25000 }, paid, []);
    expect(parts.map((p) => [p.paymentRef, p.amountPence])).toEqual([
      ['cs_2', 20125],
      ['cs_1', 4875],
    ]);
    expect(parts[0]).toMatchObject({ status: 'pending', idempotencyKey: 'vanhop-refund-rf-1-cs_2' });
    expect(shortPence).toBe(0);
  });

  it('does not give back twice what earlier refunds already returned, and reports the shortfall', () => {
    const earlier = [
      {
        parts: [
          {
            paymentRef: 'cs_2',
            paymentKind: 'checkout' as const,
            amountPence: 20000,
            idempotencyKey: 'k',
            status: 'succeeded' as const,
          },
        ],
      },
    ];
    const { parts, shortPence } = planRefund({ refundId: 'rf-2', amountPence: 10000 }, paid, earlier);
    expect(parts.map((p) => [p.paymentRef, p.amountPence])).toEqual([
      ['cs_2', 125],
      ['cs_1', 8625],
    ]);
    expect(shortPence).toBe(1250);
  });

  it('only the payment named, when the request names one', () => {
    expect(
      planRefund({ refundId: 'rf-3', amountPence: 5000, paymentRef: 'cs_1' }, paid, []).parts.map((p) => p.paymentRef),
    ).toEqual(['cs_1']);
  });
});
