import { ConfigError } from './errors.js';
import { DEFAULT_OUTBOX_GRACE_MS } from './outbox.js';

export type Env = Record<string, string | undefined>;

/** Typed readers over process.env-like maps; each failure names the variable. */
export class EnvReader {
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  string(name: string, fallback?: string): string {
    const v = this.raw(name) ?? fallback;
    if (v === undefined) throw new ConfigError(name, 'is required');
    return v;
  }

  optionalString(name: string): string | undefined {
    return this.raw(name);
  }

  int(name: string, fallback?: number, range: { min?: number; max?: number } = {}): number {
    const v = this.raw(name);
    if (v === undefined) {
      if (fallback === undefined) throw new ConfigError(name, 'is required');
      return fallback;
    }
    if (!/^-?\d+$/.test(v)) throw new ConfigError(name, `must be an integer, got "${v}"`);
    const n = Number(v);
    if (range.min !== undefined && n < range.min) throw new ConfigError(name, `must be >= ${range.min}, got ${n}`);
    if (range.max !== undefined && n > range.max) throw new ConfigError(name, `must be <= ${range.max}, got ${n}`);
    return n;
  }

  port(name: string, fallback: number): number {
    return this.int(name, fallback, { min: 0, max: 65535 });
  }

  bool(name: string, fallback: boolean): boolean {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (/^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    throw new ConfigError(name, `must be true or false, got "${v}"`);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const v = this.raw(name) ?? fallback;
    if (!allowed.includes(v as T)) throw new ConfigError(name, `must be one of ${allowed.join('|')}, got "${v}"`);
    return v as T;
  }

  url(name: string, fallback?: string): string {
    const v = this.string(name, fallback);
    try {
      new URL(v);
    } catch {
      throw new ConfigError(name, `must be a URL, got "${v}"`);
    }
    return v.replace(/\/+$/, '');
  }

  optionalUrl(name: string): string | undefined {
    return this.raw(name) === undefined ? undefined : this.url(name);
  }

  list(name: string, fallback: string[] = []): string[] {
    const v = this.raw(name);
    return v === undefined
      ? fallback
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  }
}

/** Settings every service shares: which adapters to use and where their servers are. */
export interface PlatformConfig {
  serviceName: string;
  host: string;
  port: number;
  logLevel: string;
  eventBus: 'memory' | 'kafka';
  store: 'embedded' | 'mongo';
  cache: 'memory' | 'redis';
  dataDir: string;
  kafkaBrokers: string[];
  kafkaClientId: string;
  /** Optional prefix for Kafka topic and group names (several environments or test runs on one cluster). */
  kafkaNamespace?: string;
  mongoUrl?: string;
  mongoDb: string;
  redisUrl?: string;
  bodyLimitBytes: number;
  publicUrl: string;
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM, how long readiness fails while the server still takes requests, before it stops
   * listening: the time a load balancer needs to see the failing readiness and send traffic
   * elsewhere (Kubernetes uses the preStop pause instead, so 0 there).
   */
  shutdownDrainMs: number;
  /**
   * How long an outbox entry is left to the replica that wrote it before any replica's safety poll
   * publishes it (a writer that died between its write and its publish).
   */
  outboxGraceMs: number;
}

/**
 * Embedded mode: the in-process bus and the file store, one machine and no real customers. Only
 * there may the product fall back to stand-ins that trust the caller (local checkout, dev outbox).
 */
export const isEmbeddedPlatform = (p: Pick<PlatformConfig, 'eventBus' | 'store'>): boolean =>
  p.eventBus === 'memory' && p.store === 'embedded';

export function readPlatformConfig(env: Env, serviceName: string, defaultPort: number): PlatformConfig {
  const r = new EnvReader(env);
  const eventBus = r.oneOf('EVENT_BUS', ['memory', 'kafka'] as const, 'memory');
  const store = r.oneOf('STORE', ['embedded', 'mongo'] as const, 'embedded');
  const cache = r.oneOf('CACHE', ['memory', 'redis'] as const, 'memory');
  const kafkaBrokers = r.list('KAFKA_BROKERS');
  if (eventBus === 'kafka' && kafkaBrokers.length === 0)
    throw new ConfigError('KAFKA_BROKERS', 'is required when EVENT_BUS=kafka');
  return {
    serviceName,
    host: r.string('HOST', '127.0.0.1'),
    port: r.port('PORT', defaultPort),
    logLevel: r.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    eventBus,
    store,
    cache,
    dataDir: r.string('DATA_DIR', './data'),
    kafkaBrokers,
    kafkaClientId: r.string('KAFKA_CLIENT_ID', `vanhop-${serviceName}`),
    kafkaNamespace: r.optionalString('KAFKA_NAMESPACE'),
    mongoUrl: store === 'mongo' ? r.url('MONGO_URL') : r.optionalString('MONGO_URL'),
    mongoDb: r.string('MONGO_DB', 'vanhop'),
    redisUrl: cache === 'redis' ? r.url('REDIS_URL') : r.optionalString('REDIS_URL'),
    bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 2 * 1024 * 1024, { min: 1024, max: 50 * 1024 * 1024 }),
    publicUrl: r.url('PUBLIC_URL', `http://localhost:${env.GATEWAY_PORT ?? 8080}`),
    shutdownTimeoutMs: r.int('SHUTDOWN_TIMEOUT_MS', 10_000, { min: 100 }),
    shutdownDrainMs: r.int('SHUTDOWN_DRAIN_MS', 0, { min: 0, max: 60_000 }),
    outboxGraceMs: r.int('OUTBOX_GRACE_MS', DEFAULT_OUTBOX_GRACE_MS, { min: 0, max: 10 * 60_000 }),
  };
}
