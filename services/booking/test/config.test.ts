import { describe, expect, it } from 'vitest';
import { ConfigError } from '@vanhop/platform';
import { TEST_JWT_ENV } from '../../../test/support/staff.js';
import { loadConfig } from '../src/config.js';

const distributed = {
  EVENT_BUS: 'kafka',
  KAFKA_BROKERS: 'kafka:9092',
  STORE: 'mongo',
  MONGO_URL: 'mongodb://mongo:27017',
  ...TEST_JWT_ENV,
};
const GOOD = 'my-move-link-secret-for-config-tests-0123456789';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return { variable: err.variable, message: err.message };
    throw err;
  }
  return null;
};

describe('booking configuration: MY_MOVE_LINK_SECRET', () => {
  it('is required outside embedded mode, naming the variable', () => {
    expect(refusal(distributed)).toEqual({
      variable: 'MY_MOVE_LINK_SECRET',
      message: 'Invalid configuration: MY_MOVE_LINK_SECRET is required outside embedded mode',
    });
    expect(loadConfig({ ...distributed, MY_MOVE_LINK_SECRET: GOOD }).myMoveLink).toEqual({
      secret: GOOD,
      generated: false,
    });
  });

  it('is refused when short, repetitive or the staff token key', () => {
    expect(refusal({ ...distributed, MY_MOVE_LINK_SECRET: 'short' })?.message).toMatch(/at least 32 characters/);
    expect(refusal({ ...distributed, MY_MOVE_LINK_SECRET: 'ab'.repeat(20) })?.message).toMatch(/too weak/);
    expect(refusal({ ...distributed, MY_MOVE_LINK_SECRET: TEST_JWT_ENV.JWT_SECRET })?.message).toMatch(
      /must differ from JWT_SECRET/,
    );
  });

  it('embedded mode without one makes a throwaway secret (npm start passes a persistent one)', () => {
    const a = loadConfig({ ...TEST_JWT_ENV }).myMoveLink;
    const b = loadConfig({ ...TEST_JWT_ENV }).myMoveLink;
    expect(a.generated).toBe(true);
    expect(a.secret.length).toBeGreaterThanOrEqual(32);
    expect(a.secret).not.toBe(b.secret);
  });
});
