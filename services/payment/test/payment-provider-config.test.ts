import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@vanhop/platform';
import { loadConfig } from '../src/config.js';

// Outside embedded mode payment verifies staff and driver tokens too (drivers' earnings), so it needs the JWT key.
const distributed = {
  EVENT_BUS: 'kafka',
  KAFKA_BROKERS: 'kafka:9092',
  STORE: 'mongo',
  MONGO_URL: 'mongodb://mongo:27017',
  JWT_SECRET: 'test-only-staff-token-secret-0123456789-abcdef',
};
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

/** The local TEST checkout marks bookings paid on a button press: it must never be a silent fallback. */
describe('payment provider choice', () => {
  it('uses the local checkout on the embedded adapters without a key', () => {
    expect(loadConfig({}).stripe).toBeNull();
  });

  it('NODE_ENV=production on the embedded adapters mounts the local checkout only when PAYMENT_PROVIDER=local is set explicitly', () => {
    const production = { NODE_ENV: 'production' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER must be set when NODE_ENV=production/);
    for (const spelling of ['Production', 'PRODUCTION', ' production '])
      expect(() => loadConfig({ NODE_ENV: spelling })).toThrow(/PAYMENT_PROVIDER must be set/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'local' }).stripe).toBeNull();
    expect(loadConfig({ ...production, ...stripeKeys }).stripe).not.toBeNull();
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    // npm start and the tests (no NODE_ENV, or development/test) keep the local checkout by default.
    for (const NODE_ENV of ['development', 'test']) expect(loadConfig({ NODE_ENV }).stripe).toBeNull();
  });

  it('refuses to start outside embedded mode without a Stripe key, naming the variable', () => {
    expect(() => loadConfig(distributed)).toThrow(ConfigError);
    expect(() => loadConfig(distributed)).toThrow(/STRIPE_SECRET_KEY is required outside embedded mode/);
    // One production adapter is enough to leave embedded mode.
    expect(() => loadConfig({ STORE: 'mongo', MONGO_URL: 'mongodb://mongo:27017' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'kafka:9092' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...distributed, STRIPE_SECRET_KEY: '' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('takes Stripe when the keys are there, in any mode', () => {
    expect(loadConfig({ ...distributed, ...stripeKeys }).stripe).toMatchObject({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_x',
    });
    expect(loadConfig(stripeKeys).stripe).not.toBeNull();
  });

  it('mounts the local checkout elsewhere only when PAYMENT_PROVIDER=local says so, and never beside a key', () => {
    expect(loadConfig({ ...distributed, PAYMENT_PROVIDER: 'local' }).stripe).toBeNull();
    expect(() => loadConfig({ ...distributed, ...stripeKeys, PAYMENT_PROVIDER: 'local' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'free' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('a deployed payment program without its key exits at start with the variable named', () => {
    const bundle = 'services/payment/dist/main.js';
    expect(existsSync(bundle), 'run npm run build first').toBe(true);
    const run = spawnSync(process.execPath, [bundle], {
      env: { PATH: process.env.PATH, ...distributed, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toMatch(/STRIPE_SECRET_KEY is required/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
