import type { ServiceState } from '@vanhop/contracts';

export type { ServiceState };

/** Overall health as staff and SREs see it: ok only when every service reports ready. */
export function overallHealth(states: Record<string, ServiceState>): 'ok' | 'degraded' {
  return Object.values(states).every((s) => s === 'ready') ? 'ok' : 'degraded';
}
