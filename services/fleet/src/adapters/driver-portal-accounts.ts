import { insertUnique, type Collection, type DocumentStore } from '@vanhop/platform';
import type { DriverPortalAccounts as DriverPortalAccountsPort } from '../domain/ports.js';

export const DRIVER_PORTAL_ACCOUNTS = 'driver_portal_accounts';

interface PortalAccountDoc {
  /** The driver id. */
  _id: string;
  openedAt: string;
}

/**
 * `driver_portal_accounts`: the drivers who set their portal password (admin-auth's
 * DriverAccountOpened), so who can answer a job offer online. Read by driver id only, which is the
 * document id (indexed on both stores without a declaration of its own).
 */
export class DriverPortalAccountRepository implements DriverPortalAccountsPort {
  private readonly col: Collection<PortalAccountDoc>;

  constructor(store: DocumentStore) {
    this.col = store.collection<PortalAccountDoc>(DRIVER_PORTAL_ACCOUNTS);
  }

  async opened(driverId: string, at: string): Promise<void> {
    // A redelivery keeps the first opening.
    await insertUnique<PortalAccountDoc>(this.col, { _id: driverId, openedAt: at });
  }

  async withAccount(driverIds: readonly string[]): Promise<Set<string>> {
    if (driverIds.length === 0) return new Set();
    const found = await this.col.find({ _id: { $in: [...driverIds] } });
    return new Set(found.map((d) => d._id));
  }
}
