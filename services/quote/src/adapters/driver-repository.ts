import { randomUUID } from 'node:crypto';
import {
  DuplicateKeyError,
  insertUnique,
  type Collection,
  type DocumentStore,
  type Logger,
  type OutboxEntry,
} from '@vanhop/platform';
import { driverEmailKey, type Driver } from '../domain/driver.js';
import type { DriverDoc, DriverRepository as DriverRepositoryPort } from '../domain/ports.js';
import { DriverChanges } from './driver-changes.js';

/**
 * A new `rev` for every write that can change what pricing reads of a driver (its card, hours,
 * documents, active flag): a random token, never a time, so the other replicas' read models find
 * the drivers written since they last looked by the tokens they do not hold (no clocks compared).
 */
export const newRev = (): string => randomUUID();

const withEmailKey = <T extends Partial<Driver>>(d: T): T & { emailKey?: string } =>
  d.email === undefined ? d : { ...d, emailKey: driverEmailKey(d.email) };

export const DRIVERS = 'drivers';

/** The `drivers` collection: self-employed drivers with their price cards. */
export class DriverRepository implements DriverRepositoryPort {
  private readonly col: Collection<DriverDoc>;
  private readonly listeners: ((driverId: string) => void)[] = [];
  private readonly changes: DriverChanges;

  constructor(store: DocumentStore) {
    this.col = store.collection<DriverDoc>(DRIVERS);
    this.changes = new DriverChanges(store);
  }

  /** Replaced after every driver write (DriverChanges): the read models' poll looks further only when it moved. */
  changeToken(): Promise<string | null> {
    return this.changes.token();
  }

  /**
   * Told the id of every driver this repository wrote, once the write has returned (and when it
   * failed too, as a failure may come after the write landed): the pricing read model reads it again.
   */
  onWrite(listener: (driverId: string) => void): void {
    this.listeners.push(listener);
  }

  private async written<T>(driverId: string, write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      // A token not replaced (the store failing just then) leaves the change to the full read.
      await this.changes.bump().catch(() => undefined);
      for (const l of this.listeners) l(driverId);
    }
  }

  /**
   * The unique e-mail index, sparse so that drivers stored before it (no key yet) do not clash;
   * those get their key here. Two of them sharing an address keep working: the first keeps the
   * key, the other is logged for staff to give their own e-mail (a new e-mail is checked like any).
   */
  async ensureIndexes(logger?: Logger): Promise<void> {
    await this.col.ensureIndex({ fields: { emailKey: 1 }, unique: true, sparse: true });
    await this.col.ensureIndex({ fields: { rev: 1 }, sparse: true });
    for (const d of await this.col.find({ emailKey: { $exists: false } }, { sort: { _id: 1 } })) {
      try {
        await this.written(
          d._id,
          this.col.updateOne(
            { _id: d._id, emailKey: { $exists: false } },
            { $set: { emailKey: driverEmailKey(d.email) } },
          ),
        );
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        logger?.warn({ driverId: d._id }, 'driver shares its e-mail with another driver: give it its own');
      }
    }
  }

  /** Every active driver document, photos included (pricing reads ActiveDriverCards instead). */
  listActive(): Promise<DriverDoc[]> {
    return this.col.find({ active: true }, { sort: { _id: 1 } });
  }

  findById(id: string): Promise<DriverDoc | null> {
    return this.col.findOne({ _id: id });
  }

  /**
   * The drivers whose `rev` is none of `known`: written since the caller read them, or new to it
   * (suspended ones too, so a suspension is seen). Drivers stored before revs existed carry none and
   * are left to the read model's full read until their next write. Indexed on `rev`.
   */
  listRevNotIn(known: string[]): Promise<DriverDoc[]> {
    return this.col.find({ rev: { $exists: true, $nin: known } });
  }

  /** Every driver, suspended ones included (the staff list). */
  listAll(): Promise<Driver[]> {
    return this.col.find({}, { sort: { name: 1, _id: 1 } });
  }

  /** Throws DuplicateKeyError when another driver has the e-mail. */
  insert(driver: DriverDoc): Promise<Driver> {
    return this.written(driver._id, this.col.insertOne({ ...withEmailKey(driver), rev: newRev() }));
  }

  /** False when a driver with this id exists (maybe edited since, so it is left alone), or one with its e-mail. */
  async insertIfMissing(driver: DriverDoc): Promise<boolean> {
    if (await this.col.findOne({ _id: driver._id })) return false;
    // Another instance may seed the same driver at the same moment: that is fine.
    return this.written(driver._id, insertUnique(this.col, { ...withEmailKey(driver), rev: newRev() }));
  }

  /**
   * Writes a change only if nobody changed the driver since `version` was read (drivers without a
   * version yet are the seeded ones: version 0). Returns the driver after the change, or null.
   * Throws DuplicateKeyError when the change gives the driver another driver's e-mail.
   */
  updateIfVersion(id: string, version: number, set: Partial<Driver>, event?: OutboxEntry): Promise<Driver | null> {
    const unchanged = version === 0 ? { $or: [{ version: 0 }, { version: { $exists: false } }] } : { version };
    const $set = { ...withEmailKey(set), version: version + 1, rev: newRev() };
    return this.written(
      id,
      this.col.findOneAndUpdate({ _id: id, ...unchanged }, event ? { $set, $push: { outbox: event } } : { $set }),
    );
  }
}
