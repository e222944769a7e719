import type { ServiceState } from '../domain/system-health.js';

/** Asks a service's /health/ready over HTTP, with a short deadline. */
export async function probeReadiness(baseUrl: string, timeoutMs = 1500): Promise<ServiceState> {
  try {
    const res = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? 'ready' : 'not ready';
  } catch {
    return 'unreachable';
  }
}
