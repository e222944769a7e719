import { vi } from 'vitest';
import { EnvReader, type Env } from '@vanhop/platform';

export interface ConfigProbe {
  /** Every variable name the loader looked at. */
  read: Set<string>;
  config?: ReturnType<ConfigLoader>;
  error?: unknown;
}

type ConfigLoader = (env: Env) => {
  platform: { host: string; port: number; eventBus: string; store: string; cache: string };
};

/**
 * Runs a config loader on `env` and records which variables it reads.
 *
 * Two recorders, because loaders may copy the env before reading it (the gateway spreads it to
 * override PORT): a Proxy sees direct reads, and a spy on EnvReader's single raw lookup sees
 * typed reads on any copy. Copying itself (spread, Object.entries) touches every key; those
 * reads come as getOwnPropertyDescriptor-then-get pairs and are not counted, or every variable
 * in a manifest would pass as "read".
 */
export function probeConfig(loadConfig: ConfigLoader, env: Env): ConfigProbe {
  const read = new Set<string>();
  let copying: string | symbol | undefined;
  const recorder = new Proxy(
    { ...env },
    {
      get(target, key, receiver) {
        if (key === copying) copying = undefined;
        else if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key, receiver);
      },
      has(target, key) {
        if (typeof key === 'string') read.add(key);
        return Reflect.has(target, key);
      },
      getOwnPropertyDescriptor(target, key) {
        copying = key;
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    },
  );
  // `raw` is private in TypeScript only; it is the one place every typed read goes through.
  const rawLookup = vi.spyOn(EnvReader.prototype as unknown as { raw(name: string): string | undefined }, 'raw');
  const probe: ConfigProbe = { read };
  try {
    probe.config = loadConfig(recorder);
  } catch (err) {
    probe.error = err;
  } finally {
    for (const [name] of rawLookup.mock.calls) read.add(name);
    rawLookup.mockRestore();
  }
  return probe;
}
