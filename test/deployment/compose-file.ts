import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { dummySecret } from './dummy-secrets.js';

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }>;
  ports?: string[];
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export const COMPOSE_PATH = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));

/** docker-compose.yml with its `<<:` merge keys applied, as Compose reads it. */
export function loadCompose(file = COMPOSE_PATH): ComposeFile {
  return parse(readFileSync(file, 'utf8'), { merge: true }) as ComposeFile;
}

/**
 * Compose's `${VAR}` interpolation from an empty shell/.env: `:-default` gives the default,
 * `:?message` (must be set by the operator) a dummy secret, a bare `${VAR}` the empty string.
 */
export function interpolate(value: string, { optionalFromOperator = 'unset' }: EnvOptions = {}): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g,
    (_m, name: string, op: string | undefined, arg: string) => {
      if ((op === ':-' || op === '-') && arg === '' && optionalFromOperator === 'set') return dummySecret(name);
      if (op === ':-' || op === '-') return arg;
      if (op === ':?' || op === '?') return dummySecret(name);
      return '';
    },
  );
}

/** `${VAR:?...}` names: what the operator must put in .env for this service. */
export function requiredFromOperator(value: string): string[] {
  return [...value.matchAll(/\$\{([A-Z0-9_]+):?\?/g)].map((m) => m[1]!);
}

/**
 * `${VAR:-}` is an optional key the operator may put in .env (Stripe, Google, SMS):
 * `'unset'` is a plain `docker compose up`, `'set'` one with every such key provided.
 */
export interface EnvOptions {
  optionalFromOperator?: 'set' | 'unset';
}

export function composeEnv(service: ComposeService, options: EnvOptions = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(v === null ? '' : String(v), options)]),
  );
}
