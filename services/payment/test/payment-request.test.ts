import { describe, expect, it } from 'vitest';
import { MSG } from '@vanhop/contracts';
import { ConfigError, ValidationError } from '@vanhop/platform';
import { parsePercentage } from '../src/http/percentage.js';
import { readQuotePaymentRequest, readRecordPaymentRequest } from '../src/http/payment-request.js';
import { loadConfig } from '../src/config.js';

describe('payment request parsing', () => {
  it('accepts 30, 50 and 100 (numbers or digit strings) and nothing else', () => {
    expect([30, 50, 100, '30', '50', '100'].map(parsePercentage)).toEqual([30, 50, 100, 30, 50, 100]);
    for (const bad of [0, 25, 40, 101, 30.5, '30%', ' 30', null, undefined, {}, [30], true]) {
      expect(() => parsePercentage(bad)).toThrow(MSG.payment.choosePercentage);
    }
  });

  it('a quote names its saved record by _id or code; our fields are stripped before saving it', () => {
    expect(readQuotePaymentRequest({ name: 'A', _id: 'bk-1', randomNumber: 12, percentage: 30 })).toEqual({
      percentage: 30,
      ref: { id: 'bk-1' },
      quote: { name: 'A' },
      proofs: [],
    });
    // Checkout proofs are ours too: never part of the quote.
    expect(readQuotePaymentRequest({ name: 'A', percentage: 30, checkoutProofs: ['cs_test_1'] })).toMatchObject({
      quote: { name: 'A' },
      proofs: ['cs_test_1'],
    });
    expect(readQuotePaymentRequest({ randomNumber: '123', percentage: 50 }).ref).toEqual({ code: 123 });
    // Operator objects and out-of-range codes never identify a record.
    expect(readQuotePaymentRequest({ _id: { $ne: '' }, randomNumber: { $gt: 0 } }).ref).toBeNull();
    expect(readQuotePaymentRequest({ randomNumber: 10_000_001 }).ref).toBeNull();
    expect(() => readQuotePaymentRequest([{}])).toThrow('The quote is required');
    expect(() => readQuotePaymentRequest('x')).toThrow(ValidationError);
  });

  it('a record request is [record], {record: [record], ...} or the record itself; top-level percentage wins', () => {
    expect(readRecordPaymentRequest([{ _id: 'bk-1', percentage: 30 }])).toEqual({
      percentage: 30,
      ref: { id: 'bk-1' },
      proofs: [],
    });
    expect(
      readRecordPaymentRequest({
        record: [{ randomNumber: 77, percentage: 30 }],
        percentage: 100,
        paymentIntentId: 'pi_1',
      }),
    ).toEqual({
      percentage: 100,
      ref: { code: 77 },
      paymentIntentId: 'pi_1',
      proofs: [],
    });
    expect(readRecordPaymentRequest([{ _id: 'bk-1', paymentIntentId: 'pi_2' }]).paymentIntentId).toBe('pi_2');
    expect(() => readRecordPaymentRequest([])).toThrow('The booking record is required');
    expect(() => readRecordPaymentRequest([{ _id: 'bk 1; drop' }])).toThrow(ValidationError);
    expect(() => readRecordPaymentRequest([{ _id: 'bk-1', paymentIntentId: { $ne: null } }])).toThrow(
      'paymentIntentId is required',
    );
  });

  it('refuses objects whose toString or valueOf is not a function as a validation error, not a crash', () => {
    const hostile = JSON.parse('{"toString": {"x": 1}, "valueOf": 1}');
    expect(() => readRecordPaymentRequest([{ randomNumber: hostile }])).toThrow('The booking record is required');
    expect(() => readRecordPaymentRequest([{ _id: hostile }])).toThrow('The booking record is required');
    expect(readQuotePaymentRequest({ randomNumber: hostile, _id: hostile }).ref).toBeNull();
    expect(() => readRecordPaymentRequest([{ _id: 'bk-1', paymentIntentId: hostile }])).toThrow(
      'paymentIntentId is required',
    );
    expect(() => parsePercentage(hostile)).toThrow(MSG.payment.choosePercentage);
  });
});

describe('payment config', () => {
  it('runs the local test checkout without a key, and needs the webhook secret with one', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required'),
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'nope' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_x',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(loadConfig({ BOOKING_SERVICE_URL: 'http://booking:4102' }).bookingServiceUrl).toBe('http://booking:4102');
  });
});
