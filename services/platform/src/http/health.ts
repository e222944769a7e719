import type { RequestHandler, Router } from 'express';
import express from 'express';
import type { HealthCheck } from '../ports/health.js';
import { withTimeout } from '../with-timeout.js';

/** Readiness: every hard dependency answers; also false while shutting down so traffic drains first. */
export class Readiness {
  private shuttingDown = false;
  constructor(
    private readonly checks: HealthCheck[],
    private readonly timeoutMs = 2000,
  ) {}

  add(check: HealthCheck): void {
    this.checks.push(check);
  }

  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** `ready`: every required check passed; `checks`: every check's answer, optional ones too. */
  async evaluate(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const results: Record<string, string> = {};
    if (this.shuttingDown) return { ready: false, checks: { lifecycle: 'shutting down' } };
    await Promise.all(
      this.checks.map(async (c) => {
        try {
          await withTimeout(c.check(), this.timeoutMs, `timed out after ${this.timeoutMs} ms`);
          results[c.name] = 'ok';
        } catch (err) {
          results[c.name] = err instanceof Error ? err.message : String(err);
        }
      }),
    );
    return { ready: this.checks.every((c) => c.required === false || results[c.name] === 'ok'), checks: results };
  }
}

/** GET /health/live: the process only (a dependency outage must not get every pod restarted). */
export const liveness =
  (service: string): RequestHandler =>
  (_req, res) => {
    res.json({ status: 'ok', service });
  };

/** `/live` and `/ready`, mounted at `/health` (so other requests pass by without entering it). */
export function healthRouter(service: string, readiness: Readiness): Router {
  const r = express.Router();
  r.get('/live', liveness(service));
  r.get('/ready', async (_req, res) => {
    const { ready, checks } = await readiness.evaluate();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', service, checks });
  });
  return r;
}
