import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { TEST_JWT_ENV } from '../../../test/support/staff.js';

const env = (extra: Record<string, string>) => ({
  ...TEST_JWT_ENV,
  DATA_DIR: '/tmp/unused',
  LOG_LEVEL: 'silent',
  ...extra,
});

describe('review configuration: the automatic review sweep interval', () => {
  it('is a minute unless REVIEW_SWEEP_INTERVAL_MS says otherwise', () => {
    expect(loadConfig(env({})).autoReviewSweepMs).toBe(60_000);
    expect(loadConfig(env({ REVIEW_SWEEP_INTERVAL_MS: '500' })).autoReviewSweepMs).toBe(500);
  });

  it('refuses to start on a value out of range or not a number, naming the variable', () => {
    expect(() => loadConfig(env({ REVIEW_SWEEP_INTERVAL_MS: '50' }))).toThrow(
      /REVIEW_SWEEP_INTERVAL_MS must be >= 100, got 50/,
    );
    expect(() => loadConfig(env({ REVIEW_SWEEP_INTERVAL_MS: '3600001' }))).toThrow(
      /REVIEW_SWEEP_INTERVAL_MS must be <= 3600000/,
    );
    expect(() => loadConfig(env({ REVIEW_SWEEP_INTERVAL_MS: 'soon' }))).toThrow(
      /REVIEW_SWEEP_INTERVAL_MS must be an integer, got "soon"/,
    );
  });
});
