import http from 'node:http';
import https from 'node:https';
import { retry } from '@vanhop/platform';
import type { ServiceState } from '../domain/system-health.js';

const RANK: Record<ServiceState, number> = { ready: 2, 'not ready': 1, unreachable: 0 };

/**
 * Asks a service's /health/ready over HTTP, with a short deadline per try. Behind a load balancer
 * (a Kubernetes Service, the compose lb) each try may reach another replica, and one that is just
 * stopping or starting answers "not ready" while the others serve: the service is ready when a try
 * says so, so up to `tries` are made and the best answer counts.
 */
export async function probeReadiness(baseUrl: string, timeoutMs = 2000, tries = 3): Promise<ServiceState> {
  let best: ServiceState = 'unreachable';
  return retry(
    async () => {
      const state = await probeOnce(baseUrl, timeoutMs);
      if (RANK[state] > RANK[best]) best = state;
      return best;
    },
    {
      attempts: tries,
      retryIf: (state) => state !== 'ready',
      // A short pause between tries rides over a replica's moment between checks.
      delayMs: () => 200,
    },
  );
}

/** One try on a connection of its own: a kept-alive one would go back to the replica that just answered. */
function probeOnce(baseUrl: string, timeoutMs: number): Promise<ServiceState> {
  const url = new URL('/health/ready', baseUrl);
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve) => {
    const req = get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 ? 'ready' : 'not ready');
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve('unreachable'));
  });
}
