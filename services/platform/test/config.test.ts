import { describe, expect, it } from 'vitest';
import { ConfigError, EnvReader, readJwtConfig, readPlatformConfig } from '../src/index.js';

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
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => readPlatformConfig(env, 'quote', 4101)).toThrowError(ConfigError);
    try {
      readPlatformConfig(env, 'quote', 4101);
    } catch (err) {
      expect((err as ConfigError).variable).toBe(variable);
      expect((err as Error).message).toContain(variable);
    }
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
});
