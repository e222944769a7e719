import { UpstreamError } from '@vanhop/platform';
import type { DriverContact, DriverDirectory } from '../domain/conversation-driver-directory.js';

/** The quote service's internal API (`GET /internal/drivers/:id/contact`, never proxied by the gateway). */
export class QuoteDriverDirectory implements DriverDirectory {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  async contact(driverId: string): Promise<DriverContact | null> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/internal/drivers/${encodeURIComponent(driverId)}/contact`, {
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new UpstreamError(`Quote service unreachable: ${(err as Error).message}`);
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new UpstreamError(`Quote service answered HTTP ${res.status}`);
    const body = (await res.json()) as Partial<DriverContact>;
    if (typeof body.id !== 'string' || typeof body.name !== 'string' || typeof body.email !== 'string')
      throw new UpstreamError('Quote service answered a malformed driver');
    return { id: body.id, name: body.name, email: body.email, active: body.active !== false };
  }
}
