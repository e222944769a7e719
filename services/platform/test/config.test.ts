import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  EnvReader,
  estimateSecretBits,
  MIN_SECRET_BITS,
  readJwtConfig,
  readLinkSecret,
  readPlatformConfig,
} from '../src/index.js';

describe('configuration', () => {
  it('uses embedded defaults when nothing is set', () => {
    const c = readPlatformConfig({}, 'quote', 4101);
    expect(c).toMatchObject({ eventBus: 'memory', store: 'embedded', cache: 'memory', port: 4101, host: '127.0.0.1' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ EVENT_BUS: 'rabbit' }, 'EVENT_BUS'],
    [{ EVENT_BUS: 'kafka' }, 'KAFKA_BROKERS'],
    [{ STORE: 'mongo' }, 'MONGO_URL'],
    [{ STORE: 'mongo', MONGO_URL: 'not a url' }, 'MONGO_URL'],
    [{ CACHE: 'redis' }, 'REDIS_URL'],
    [{ BODY_LIMIT_BYTES: '10' }, 'BODY_LIMIT_BYTES'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ OUTBOX_GRACE_MS: 'soon' }, 'OUTBOX_GRACE_MS'],
    [{ OUTBOX_GRACE_MS: '-1' }, 'OUTBOX_GRACE_MS'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => readPlatformConfig(env, 'quote', 4101)).toThrowError(ConfigError);
    try {
      readPlatformConfig(env, 'quote', 4101);
    } catch (err) {
      expect((err as ConfigError).variable).toBe(variable);
      expect((err as Error).message).toContain(variable);
    }
  });

  it("leaves an outbox entry to its writer's replica for 10 s unless OUTBOX_GRACE_MS says otherwise", () => {
    expect(readPlatformConfig({}, 'booking', 4102).outboxGraceMs).toBe(10_000);
    expect(readPlatformConfig({ OUTBOX_GRACE_MS: '3000' }, 'booking', 4102).outboxGraceMs).toBe(3_000);
  });

  it('parses booleans and lists strictly', () => {
    const r = new EnvReader({ A: 'yes', B: 'off', C: 'maybe', L: 'a, b,,c' });
    expect(r.bool('A', false)).toBe(true);
    expect(r.bool('B', true)).toBe(false);
    expect(() => r.bool('C', true)).toThrow(/C must be true or false/);
    expect(r.list('L')).toEqual(['a', 'b', 'c']);
  });

  it('refuses a missing, short or low-entropy JWT secret', () => {
    expect(() => readJwtConfig({})).toThrow(/JWT_SECRET is required/);
    expect(() => readJwtConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32/);
    expect(() => readJwtConfig({ JWT_SECRET: 'a'.repeat(40) })).toThrow(/JWT_SECRET is too weak/);
    expect(readJwtConfig({ JWT_SECRET: 'k2J9s8d7f6g5h4j3k2l1z0x9c8v7b6n5m4' }).algorithm).toBe('HS256');
  });

  it('refuses repeating and sequential secrets however many characters they use, naming the variable, and takes random ones', () => {
    const embedded = readPlatformConfig({}, 'test', 0);
    const linkSecret = (value: string) =>
      readLinkSecret(new EnvReader({ REVIEW_LINK_SECRET: value }), 'REVIEW_LINK_SECRET', embedded);
    for (const weak of [
      'abcdefgh'.repeat(4),
      'abcdefgh'.repeat(8),
      'abcdefghijklmnopqrstuvwxyz012345',
      'Passw0rd!Passw0rd!Passw0rd!Passw0rd!',
      '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH',
    ]) {
      expect(() => readJwtConfig({ JWT_SECRET: weak }), weak).toThrow(
        /JWT_SECRET is too weak \(it repeats or follows a pattern/,
      );
      expect(() => linkSecret(weak), weak).toThrow(/REVIEW_LINK_SECRET is too weak/);
    }
    // What the docs tell operators to use, and the minimum a random key of the minimum length is.
    for (let i = 0; i < 200; i++) {
      for (const strong of [
        randomBytes(48).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomBytes(16).toString('hex'),
      ]) {
        expect(estimateSecretBits(strong), strong).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
        expect(readJwtConfig({ JWT_SECRET: strong }).secret).toBe(strong);
        expect(linkSecret(strong).secret).toBe(strong);
      }
    }
  });
});
