import {
  DuplicateKeyError,
  insertOrExisting,
  type Collection,
  type DocumentStore,
  type OutboxEntry,
  type WithOutbox,
} from '@vanhop/platform';
import { DRIVER_ACCOUNTS, driverEmailKey, laterEmailClaim, type DriverAccount } from '../domain/driver-account.js';
import type { DriverAccountRepository as DriverAccountPort } from '../domain/ports.js';

type AccountDoc = DriverAccount & WithOutbox;

/** The `driver_accounts` collection. */
export class DriverAccountRepository implements DriverAccountPort {
  private readonly col: Collection<AccountDoc>;

  constructor(store: DocumentStore) {
    this.col = store.collection<AccountDoc>(DRIVER_ACCOUNTS);
  }

  /**
   * The copies' e-mails are not unique (two drivers' events may cross, see signInKey), the sign-in
   * keys are: a new field of its own, because an index cannot be made unique where it exists.
   * Copies stored before sign-in keys existed get theirs here, those with a password first, so an
   * old duplicate never locks out a driver who already signs in.
   */
  async ensureIndexes(): Promise<void> {
    await this.col.ensureIndex({ fields: { emailKey: 1 } });
    await this.col.ensureIndex({ fields: { signInKey: 1 }, unique: true, sparse: true });
    await this.col.ensureIndex({ fields: { passwordSetAt: 1 }, sparse: true });
    const older = await this.col.find({ emailSince: { $exists: false } });
    older.sort((a, b) => Number(Boolean(b.passwordHash)) - Number(Boolean(a.passwordHash)));
    for (const account of older) {
      await this.col.updateOne({ _id: account._id, emailSince: { $exists: false } }, { $set: { emailSince: '' } });
      await this.claimSignIn(account._id);
    }
  }

  findById(driverId: string): Promise<DriverAccount | null> {
    return this.col.findOne({ _id: driverId });
  }

  /** The account that signs in with this e-mail (at most one: the sign-in key is unique). */
  findByEmail(email: string): Promise<DriverAccount[]> {
    return this.col.find({ signInKey: driverEmailKey(email) });
  }

  list(): Promise<DriverAccount[]> {
    return this.col.find({}, { sort: { name: 1, _id: 1 } });
  }

  /** Through the id index: the accounts of one page of the staff drivers list. */
  byIds(ids: string[]): Promise<DriverAccount[]> {
    return this.col.find({ _id: { $in: ids } });
  }

  /**
   * Applies quote's copy of the driver when it is newer than the one held (events may repeat or
   * overtake), then claims its e-mail for sign-in. `at` is when quote made the change: a changed
   * e-mail counts from then.
   */
  async applyDriver(
    driverId: string,
    version: number,
    driver: { name: string; email: string; active: boolean },
    at: string,
  ): Promise<void> {
    const emailKey = driverEmailKey(driver.email);
    const copy = { name: driver.name, email: driver.email, emailKey, active: driver.active, version };
    const before = await this.findById(driverId);
    const since = before && before.emailKey === emailKey ? {} : { emailSince: at };
    const updateIfNewer = () =>
      this.col.updateOne({ _id: driverId, version: { $lt: version } }, { $set: { ...copy, ...since } });
    if (!(await updateIfNewer()).matched) {
      // No copy yet, or one as new or newer (then it is what comes back). Another delivery may store
      // the first copy meanwhile: then the newer of the two stays.
      const held = await insertOrExisting<DriverAccount>(this.col, { _id: driverId, ...copy, emailSince: at });
      if (held.version < version) await updateIfNewer();
    }
    await this.claimSignIn(driverId);
  }

  /**
   * Gives the account its e-mail as sign-in key, unless another account holds it with a later
   * claim (laterEmailClaim): then this one has none. A holder with an earlier claim gives it up.
   */
  private async claimSignIn(driverId: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const me = await this.findById(driverId);
      if (!me || me.signInKey === me.emailKey) return;
      try {
        // Only for the copy just read: a newer one claims its own e-mail.
        await this.col.updateOne({ _id: driverId, version: me.version }, { $set: { signInKey: me.emailKey } });
        return;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      const holder = await this.col.findOne({ signInKey: me.emailKey });
      if (holder && !laterEmailClaim(me.emailSince, holder.emailSince)) {
        // Whatever key this account had is its old e-mail's: it no longer signs in with that either.
        await this.col.updateOne({ _id: driverId, version: me.version }, { $unset: { signInKey: 1 } });
        return;
      }
      if (holder) await this.col.updateOne({ _id: holder._id, signInKey: me.emailKey }, { $unset: { signInKey: 1 } });
    }
  }

  /** Replaces any earlier invitation (its link stops working) and parks DriverInvited with it. */
  async invite(
    driverId: string,
    set: { inviteNonce: string; invitedAt: string; inviteExpiresAt: string; invitedBy: string },
    event: OutboxEntry,
  ): Promise<boolean> {
    return (await this.col.updateOne({ _id: driverId }, { $set: set, $push: { outbox: event } })).matched === 1;
  }

  /** Sets the password only with the invitation still current, and spends it: a link works once. */
  async setPasswordWithInvite(
    driverId: string,
    nonce: string,
    passwordHash: string,
    at: string,
    opened?: OutboxEntry,
  ): Promise<DriverAccount | null> {
    return this.col.findOneAndUpdate(
      { _id: driverId, inviteNonce: nonce },
      {
        $set: { passwordHash, passwordSetAt: at, lastLoginAt: at, ...(opened ? { openedAnnouncedAt: at } : {}) },
        $unset: { inviteNonce: 1 },
        ...(opened ? { $push: { outbox: opened } } : {}),
      },
    );
  }

  /** Read once at start (few rows: only accounts opened before the announcement existed), by the index below. */
  openUnannounced(): Promise<DriverAccount[]> {
    return this.col.find({ openedAnnouncedAt: { $exists: false }, passwordSetAt: { $exists: true } });
  }

  async announceOpened(driverId: string, event: OutboxEntry): Promise<boolean> {
    const r = await this.col.updateOne(
      { _id: driverId, openedAnnouncedAt: { $exists: false } },
      { $set: { openedAnnouncedAt: event.event.occurredAt }, $push: { outbox: event } },
    );
    return r.matched === 1;
  }

  openDemo(driverId: string, passwordHash: string, at: string, opened: OutboxEntry): Promise<DriverAccount | null> {
    return this.col.findOneAndUpdate(
      { _id: driverId, passwordSetAt: { $exists: false } },
      { $set: { passwordHash, passwordSetAt: at, openedAnnouncedAt: at }, $push: { outbox: opened } },
    );
  }

  async recordLogin(driverId: string, at: string): Promise<void> {
    await this.col.updateOne({ _id: driverId }, { $set: { lastLoginAt: at } });
  }
}
