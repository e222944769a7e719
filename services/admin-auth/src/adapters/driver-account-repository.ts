import { insertOrExisting, type Collection, type DocumentStore, type OutboxEntry, type WithOutbox } from '@vanhop/platform';
import { DRIVER_ACCOUNTS, driverEmailKey, type DriverAccount } from '../domain/driver-account.js';

type AccountDoc = DriverAccount & WithOutbox;

/** The `driver_accounts` collection. */
export class DriverAccountRepository {
  private readonly col: Collection<AccountDoc>;

  constructor(store: DocumentStore) {
    this.col = store.collection<AccountDoc>(DRIVER_ACCOUNTS);
  }

  async ensureIndexes(): Promise<void> {
    // Not unique: two drivers given one address by mistake must not stop the copy from updating.
    await this.col.ensureIndex({ fields: { emailKey: 1 } });
  }

  findById(driverId: string): Promise<DriverAccount | null> {
    return this.col.findOne({ _id: driverId });
  }

  findByEmail(email: string): Promise<DriverAccount[]> {
    return this.col.find({ emailKey: driverEmailKey(email) });
  }

  list(): Promise<DriverAccount[]> {
    return this.col.find({}, { sort: { name: 1, _id: 1 } });
  }

  /** Applies quote's copy of the driver when it is newer than the one held (events may repeat or overtake). */
  async applyDriver(driverId: string, version: number, driver: { name: string; email: string; active: boolean }): Promise<void> {
    const copy = { name: driver.name, email: driver.email, emailKey: driverEmailKey(driver.email), active: driver.active, version };
    const updateIfNewer = () => this.col.updateOne({ _id: driverId, version: { $lt: version } }, { $set: copy });
    if ((await updateIfNewer()).matched) return;
    // No copy yet, or one as new or newer (then it is what comes back). Another delivery may store
    // the first copy meanwhile: then the newer of the two stays.
    const held = await insertOrExisting<DriverAccount>(this.col, { _id: driverId, ...copy });
    if (held.version < version) await updateIfNewer();
  }

  /** Replaces any earlier invitation (its link stops working) and parks DriverInvited with it. */
  async invite(driverId: string, set: { inviteNonce: string; invitedAt: string; inviteExpiresAt: string; invitedBy: string }, event: OutboxEntry): Promise<boolean> {
    return (await this.col.updateOne({ _id: driverId }, { $set: set, $push: { outbox: event } })).matched === 1;
  }

  /** Sets the password only with the invitation still current, and spends it: a link works once. */
  async setPasswordWithInvite(driverId: string, nonce: string, passwordHash: string, at: string): Promise<DriverAccount | null> {
    return this.col.findOneAndUpdate({ _id: driverId, inviteNonce: nonce }, { $set: { passwordHash, passwordSetAt: at, lastLoginAt: at }, $unset: { inviteNonce: 1 } });
  }

  async recordLogin(driverId: string, at: string): Promise<void> {
    await this.col.updateOne({ _id: driverId }, { $set: { lastLoginAt: at } });
  }
}
