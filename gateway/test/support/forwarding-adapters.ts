/** The gateway's two forwarding adapters, for suites that must hold over both. */
import { createLogger, SERVICE_NAMES } from '@vanhop/platform';
import { inProcessForwarding, type Forwarding, type LocalService } from '../../src/index.js';

export const ADAPTERS = ['http', 'in-process'] as const;
export type Adapter = (typeof ADAPTERS)[number];

/**
 * The forwarding of a test gateway whose every service is one stand-in: over HTTP to the URLs in
 * the gateway's config (undefined: the gateway's default), or in process to `handler`.
 */
export function standInForwarding(
  adapter: Adapter,
  handler: LocalService['handler'],
  options: { serving?: () => boolean; timeoutMs?: number } = {},
): Forwarding | undefined {
  if (adapter === 'http') return undefined;
  const local: LocalService = { handler, serving: options.serving ?? (() => true) };
  return inProcessForwarding(
    Object.fromEntries(SERVICE_NAMES.map((n) => [n, local])),
    options.timeoutMs ?? 30_000,
    createLogger('gateway', 'silent'),
  );
}
