/** Overall health as staff and SREs see it: ok only when every service reports ready. */
export type ServiceState = 'ready' | 'not ready' | 'unreachable';

export function overallHealth(states: Record<string, ServiceState>): 'ok' | 'degraded' {
  return Object.values(states).every((s) => s === 'ready') ? 'ok' : 'degraded';
}
