import type { OutboxEntry, WaitingJob } from '@vanhop/contracts';
import type { DriverHours, FigureChange, StoredDay } from './business-figures.js';
import type { DriverAccount } from './driver-account.js';

/** The driver accounts as the use cases need them; the store adapter implements it. */
export interface DriverAccountRepository {
  findById(driverId: string): Promise<DriverAccount | null>;
  /** The account that signs in with this e-mail (at most one). */
  findByEmail(email: string): Promise<DriverAccount[]>;
  list(): Promise<DriverAccount[]>;
  /** These drivers' accounts only (by id), any order. */
  byIds(ids: string[]): Promise<DriverAccount[]>;
  /** Applies quote's copy of the driver when it is newer than the one held; `at` is when quote made the change. */
  applyDriver(
    driverId: string,
    version: number,
    driver: { name: string; email: string; active: boolean },
    at: string,
  ): Promise<void>;
  /** Replaces any earlier invitation and parks DriverInvited with it; false when there is no such account. */
  invite(
    driverId: string,
    set: { inviteNonce: string; invitedAt: string; inviteExpiresAt: string; invitedBy: string },
    event: OutboxEntry,
  ): Promise<boolean>;
  /** Sets the password only with the invitation still current, and spends it. */
  setPasswordWithInvite(
    driverId: string,
    nonce: string,
    passwordHash: string,
    at: string,
    opened?: OutboxEntry,
  ): Promise<DriverAccount | null>;
  /**
   * Gives a demo driver's account its password and parks DriverAccountOpened with it, only while
   * it has none (a demo driver who chose their own keeps it); null when it already had one.
   */
  openDemo(driverId: string, passwordHash: string, at: string, opened: OutboxEntry): Promise<DriverAccount | null>;
  recordLogin(driverId: string, at: string): Promise<void>;
  /** Accounts with a password whose opening was never announced (set before DriverAccountOpened existed). */
  openUnannounced(): Promise<DriverAccount[]>;
  /** Parks DriverAccountOpened on the account and marks it announced (false when already so). */
  announceOpened(driverId: string, event: OutboxEntry): Promise<boolean>;
}

/** Where the read model lives: each change applied at most once per event id, and the few documents a read needs. */
export interface BusinessFiguresStore {
  apply(change: FigureChange, eventId: string): Promise<void>;
  days(from: string, to: string): Promise<StoredDay[]>;
  /**
   * The hours chart for the London day `today`: the busiest drivers and how many have hours booked,
   * read from hours kept per driver (a limited read of their index, whatever the fleet).
   */
  driverHours(today: string): Promise<DriverHours>;
  waitingJobs(): Promise<WaitingJob[]>;
  openSupportChats(): Promise<number>;
}

/** Port for one-way password hashing (the scrypt adapter implements it). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a hash this hasher cannot read; never throws on bad input. */
  verify(password: string, hash: string): Promise<boolean>;
}
