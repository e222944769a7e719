import { InternalHttpClient, type Logger } from '@vanhop/platform';
import type { DriverContact, DriverDirectory } from '../domain/conversation-driver-directory.js';

const isDriverContact = (v: unknown): v is Omit<DriverContact, 'active'> & { active?: unknown } => {
  const d = v as Partial<DriverContact> | null;
  return typeof d?.id === 'string' && typeof d.name === 'string' && typeof d.email === 'string';
};

/**
 * The fleet service's internal API (`GET /internal/drivers/:id/contact`, never proxied by the
 * gateway). Asked on each use, not cached: a suspension must stop a driver's chat at once.
 */
export class FleetDriverDirectory implements DriverDirectory {
  private readonly client: InternalHttpClient;

  constructor(baseUrl: string, logger?: Logger, timeoutMs = 5000) {
    this.client = new InternalHttpClient({ service: 'fleet', baseUrl, timeoutMs, logger });
  }

  async contact(driverId: string): Promise<DriverContact | null> {
    const body = await this.client.get(`/internal/drivers/${encodeURIComponent(driverId)}/contact`, {
      accept: isDriverContact,
      on: { 404: () => null },
      onlyListed: true,
    });
    return body && { id: body.id, name: body.name, email: body.email, active: body.active !== false };
  }
}
