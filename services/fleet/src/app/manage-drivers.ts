import { randomUUID } from 'node:crypto';
import {
  DRIVER_ACCOUNT_MSG,
  DRIVER_MSG,
  TOPICS,
  type Availability,
  type DriverAdminView,
  type DriverAuditEntry,
  type DriverCreate,
  type DriverPatch,
  type DriverSelfView,
} from '@vanhop/contracts';
import {
  ConflictError,
  createEvent,
  DuplicateKeyError,
  ForbiddenError,
  NotFoundError,
  outboxEntry,
  ValidationError,
  type Clock,
  type OutboxEntry,
  type OutboxRelay,
} from '@vanhop/platform';
import type { DriverAuditLog, DriverRepository, PlaceGeocoder } from '../domain/ports.js';
import { driverEmailKey, type Driver } from '@vanhop/contracts';
import { boundsOf, boundsProblems, cardOutsideBounds, diffDrivers } from '../domain/driver-admin.js';
import type { PriceCard } from '@vanhop/contracts';
import { photoProblem } from '../domain/driver-photo.js';
import { DriverEmailTakenError } from './driver-email-taken.js';
import type { SuspendedDriverJobs } from './suspended-driver-jobs.js';

export const toAdminView = (d: Driver): DriverAdminView => ({
  id: d._id,
  name: d.name,
  email: d.email,
  phone: d.phone,
  vanSizes: d.vanSizes,
  helpLevels: d.helpLevels,
  basePostcode: d.basePostcode ?? '',
  homeBase: { label: d.homeBase.label, lat: d.homeBase.lat, lng: d.homeBase.lng },
  serviceRadiusMiles: d.serviceRadiusMiles,
  card: d.card,
  cardBounds: boundsOf(d),
  photoUrl: d.photoUrl ?? '',
  ulezCompliant: d.ulezCompliant,
  active: d.active,
  rating: d.rating,
  reviewCount: d.reviewCount,
  version: d.version ?? 0,
  updatedAt: d.updatedAt ?? null,
});

export const toSelfView = (d: Driver): DriverSelfView => ({ ...toAdminView(d), availability: d.availability ?? null });

/** A write of the drivers' collection: its only unique key besides the id is the e-mail (DriverRepository). */
async function emailUnique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw new DriverEmailTakenError();
    throw err;
  }
}

/** Who made a change: a staff username, or `driver:<id>` for the driver's own edits. */
export type Actor = string;

type AuditAction = DriverAuditEntry['action'];

/**
 * Use cases of the staff Drivers pages (add, edit, suspend, reactivate) and of the driver's own
 * card and hours. Every change is one conditional write of the driver with its DriverUpdated
 * event in the document's outbox (so the mail, admin-auth's account list and the audit line
 * cannot be lost between two writes), then the audit line at once for the page that is waiting
 * (the event's consumer writes the same id again if this process died first). Edits are
 * conditional on the version read, so two editors cannot silently overwrite each other (the
 * second gets 409 and reloads).
 */
export class ManageDrivers {
  constructor(
    private readonly deps: {
      drivers: DriverRepository;
      audit: DriverAuditLog;
      /** A base postcode's point (quote's geocoding). */
      geo: PlaceGeocoder;
      clock: Clock;
      relay?: OutboxRelay;
      /** A suspension hands the driver's upcoming jobs on, or back to the office (SuspendedDriverJobs). */
      suspendedJobs?: Pick<SuspendedDriverJobs, 'returnAll'>;
    },
  ) {}

  async get(id: string): Promise<DriverAdminView> {
    return toAdminView(await this.load(id));
  }

  async create(input: DriverCreate, by: Actor): Promise<DriverAdminView> {
    const homeBase = await this.base(input.basePostcode);
    const cardBounds = boundsOf({ cardBounds: input.cardBounds });
    this.checkPhoto(input.photoUrl);
    this.checkCard(input.card as PriceCard, cardBounds);
    const now = this.deps.clock.now().toISOString();
    const driver: Driver = {
      _id: `drv-${randomUUID()}`,
      name: input.name,
      email: input.email,
      phone: input.phone,
      homeBase,
      basePostcode: input.basePostcode,
      serviceRadiusMiles: input.serviceRadiusMiles,
      vanSizes: input.vanSizes as Driver['vanSizes'],
      helpLevels: input.helpLevels as Driver['helpLevels'],
      card: input.card as PriceCard,
      cardBounds,
      photoUrl: input.photoUrl ?? '',
      rating: 0,
      reviewCount: 0,
      ulezCompliant: input.ulezCompliant ?? true,
      active: true,
      version: 1,
      updatedAt: now,
    };
    const entry = await this.auditEntry(driver, 'created', diffDrivers(null, driver), by);
    const created = await this.announce(driver, entry);
    await emailUnique(this.deps.drivers.insert({ ...driver, outbox: [created] }));
    await this.recorded(entry, created);
    return toAdminView(driver);
  }

  async update(
    id: string,
    patch: DriverPatch,
    expectedVersion: number | undefined,
    by: Actor,
  ): Promise<DriverAdminView> {
    const before = await this.load(id);
    const version = before.version ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== version)
      throw new ConflictError('Someone else changed this driver meanwhile: reload and try again.');
    const set: Partial<Driver> = {};
    for (const key of [
      'name',
      'email',
      'phone',
      'vanSizes',
      'helpLevels',
      'serviceRadiusMiles',
      'photoUrl',
      'ulezCompliant',
      'card',
      'cardBounds',
    ] as const) {
      if (patch[key] !== undefined) (set as Record<string, unknown>)[key] = patch[key];
    }
    // Only a new e-mail is checked against the others (a driver stored before e-mails were unique keeps working).
    if (set.email !== undefined && driverEmailKey(set.email) === driverEmailKey(before.email)) delete set.email;
    // Bounds sent without hours (the staff form edits the numbers only) keep the hours bound held.
    if (patch.cardBounds)
      set.cardBounds = {
        ...patch.cardBounds,
        outOfHoursStartHours: patch.cardBounds.outOfHoursStartHours ?? boundsOf(before).outOfHoursStartHours,
      };
    if (patch.basePostcode !== undefined && patch.basePostcode !== before.basePostcode) {
      set.homeBase = await this.base(patch.basePostcode);
      set.basePostcode = patch.basePostcode;
    }
    this.checkPhoto(set.photoUrl);
    this.checkCard(set.card ?? before.card, set.cardBounds ?? boundsOf(before));
    return this.write(before, set, 'updated', by);
  }

  /**
   * Suspends or reactivates. A suspension also hands every upcoming job of the driver to the next
   * free driver, or back to the office, after the driver is stored as suspended (so nothing new is
   * offered to them meanwhile);
   * suspending an already suspended driver runs that again, finishing one that stopped half way.
   * Reactivating gives no job back: staff reassign them from the office's list.
   */
  async setActive(id: string, active: boolean, by: Actor, reason = ''): Promise<DriverAdminView> {
    const before = await this.load(id);
    const after =
      before.active === active
        ? toAdminView(before)
        : await this.write(before, { active }, active ? 'reactivated' : 'suspended', by, reason);
    if (!active) await this.deps.suspendedJobs?.returnAll(id);
    return after;
  }

  /** The driver's own profile (`/api/driver/me`). */
  async self(id: string): Promise<DriverSelfView> {
    return toSelfView(await this.load(id));
  }

  /** The driver's own card edit: only within the bounds staff set. */
  async updateOwnCard(id: string, card: PriceCard): Promise<DriverSelfView> {
    const before = await this.loadActive(id);
    this.checkCard(card, boundsOf(before));
    await this.write(before, { card }, 'updated', `driver:${id}`);
    return toSelfView(await this.load(id));
  }

  /** The driver's own weekly hours and days off (quoting and holds read them). */
  async updateOwnAvailability(id: string, availability: Availability): Promise<DriverSelfView> {
    const before = await this.loadActive(id);
    const daysOff = [...new Set(availability.daysOff)].sort();
    await this.write(before, { availability: { weekly: availability.weekly, daysOff } }, 'updated', `driver:${id}`);
    return toSelfView(await this.load(id));
  }

  /**
   * Seeds the demo drivers that are missing, each with its DriverUpdated (by `seed`), so the
   * account service knows them and staff can invite them to the portal.
   */
  async seed(drivers: Driver[]): Promise<number> {
    let added = 0;
    for (const d of drivers) {
      const driver = { ...d, version: d.version ?? 0 };
      const entry = await this.auditEntry(driver, 'created', diffDrivers(null, driver), 'seed');
      const created = await this.announce(driver, entry);
      if (await this.deps.drivers.insertIfMissing({ ...driver, outbox: [created] })) {
        await this.recorded(entry, created);
        added++;
      }
    }
    return added;
  }

  auditFor(driverId: string): Promise<DriverAuditEntry[]> {
    return this.deps.audit.forDriver(driverId);
  }

  auditRecent(): Promise<DriverAuditEntry[]> {
    return this.deps.audit.recent();
  }

  private async write(
    before: Driver,
    set: Partial<Driver>,
    action: AuditAction,
    by: Actor,
    reason?: string,
  ): Promise<DriverAdminView> {
    const changes = diffDrivers(
      { ...before, cardBounds: boundsOf(before) },
      { ...before, cardBounds: boundsOf(before), ...set },
    );
    if (Object.keys(changes).length === 0) return toAdminView(before);
    const version = before.version ?? 0;
    const next: Driver = { ...before, ...set, version: version + 1 };
    const entry = await this.auditEntry(next, action, changes, by, reason);
    const event = await this.announce(
      next,
      entry,
      set.email !== undefined && set.email !== before.email ? before.email : undefined,
    );
    const after = await emailUnique(
      // Name and standing go together (unchanged ones at their value): the staff list's standing key is made of both.
      this.deps.drivers.updateIfVersion(
        before._id,
        version,
        {
          ...set,
          ...(set.active !== undefined || set.name !== undefined ? { name: next.name, active: next.active } : {}),
          updatedAt: entry.at,
        },
        event,
      ),
    );
    if (!after) throw new ConflictError('Someone else changed this driver meanwhile: reload and try again.');
    await this.recorded(entry, event);
    return toAdminView(after);
  }

  private async auditEntry(
    driver: Driver,
    action: AuditAction,
    changes: DriverAuditEntry['changes'],
    by: Actor,
    reason?: string,
  ): Promise<DriverAuditEntry> {
    return {
      id: `${driver._id}:v${driver.version ?? 0}`,
      at: this.deps.clock.now().toISOString(),
      by,
      driverId: driver._id,
      action,
      changes,
      ...(reason ? { reason } : {}),
    };
  }

  /** The DriverUpdated event of a change, for the outbox of the same write. */
  private async announce(driver: Driver, entry: DriverAuditEntry, previousEmail?: string): Promise<OutboxEntry> {
    const event = await createEvent(
      TOPICS.driverUpdated,
      {
        driverId: driver._id,
        version: driver.version ?? 0,
        action: entry.action,
        by: entry.by,
        at: entry.at,
        ...(entry.reason ? { reason: entry.reason } : {}),
        changes: Object.entries(entry.changes).map(([field, c]) => ({ field, from: c.from ?? null, to: c.to ?? null })),
        driver: {
          name: driver.name,
          email: driver.email,
          active: driver.active,
          ...(previousEmail ? { previousEmail } : {}),
        },
      },
      { producer: 'fleet', clock: this.deps.clock, correlationId: driver._id },
    );
    return outboxEntry(TOPICS.driverUpdated, event, driver._id);
  }

  /** The change is stored with its event: write the audit line now and let the relay publish. */
  private async recorded(entry: DriverAuditEntry, announced: OutboxEntry): Promise<void> {
    await this.deps.audit.append(entry);
    void this.deps.relay?.kick([announced.eventId]);
  }

  private async load(id: string): Promise<Driver> {
    const driver = await this.deps.drivers.findById(id);
    if (!driver) throw new NotFoundError('No driver with that id');
    return driver;
  }

  /**
   * A suspended driver changes nothing. Their token is refused on every driver route before it
   * gets here (http/active-driver.ts); this check stays so the use case holds on its own.
   */
  private async loadActive(id: string): Promise<Driver> {
    const driver = await this.load(id);
    if (!driver.active) throw new ForbiddenError(DRIVER_ACCOUNT_MSG.suspended);
    return driver;
  }

  private async base(postcode: string): Promise<Driver['homeBase']> {
    const point = await this.deps.geo.geocode(postcode);
    if (!point) throw new ValidationError(DRIVER_MSG.unknownPostcode, { basePostcode: DRIVER_MSG.unknownPostcode });
    return { label: point.label, lat: point.lat, lng: point.lng };
  }

  /** An uploaded photo must be the image it says it is (the schema checked the data URL's form only). */
  private checkPhoto(photoUrl: string | undefined): void {
    const problem = photoProblem(photoUrl);
    if (problem) throw new ValidationError(DRIVER_MSG.photoContent, problem);
  }

  private checkCard(card: PriceCard, bounds: NonNullable<Driver['cardBounds']>): void {
    const problems = { ...boundsProblems(bounds), ...cardOutsideBounds(card, bounds) };
    const first = Object.values(problems)[0];
    if (first) throw new ValidationError(first, problems);
  }
}
