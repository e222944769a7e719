import { randomUUID } from 'node:crypto';
import { DRIVER_MSG, type DriverAdminView, type DriverAuditEntry, type DriverCreate, type DriverPatch } from '@vanhop/contracts';
import { ConflictError, NotFoundError, ValidationError, type Clock } from '@vanhop/platform';
import type { DriverRepository } from '../adapters/driver-repository.js';
import type { DriverAuditLog } from '../adapters/driver-audit-log.js';
import type { Driver } from '../domain/driver.js';
import { boundsOf, boundsProblems, cardOutsideBounds, diffDrivers } from '../domain/driver-admin.js';
import type { GeoPort } from '../domain/geo-port.js';
import type { PriceCard } from '../domain/price-card.js';

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

/** Who made a change: a staff username, or `driver:<id>` for the driver's own edits. */
export type Actor = string;

/**
 * Use cases of the staff Drivers pages: add, edit, suspend, reactivate, each written with an
 * audit entry. Edits are conditional on the version read, so two staff editing one driver cannot
 * silently overwrite each other (the second gets 409 and reloads).
 */
export class ManageDrivers {
  constructor(private readonly deps: { drivers: DriverRepository; audit: DriverAuditLog; geo: GeoPort; clock: Clock; onChange?: (driver: Driver, changes: DriverAuditEntry['changes'], by: Actor) => Promise<void> }) {}

  async list(): Promise<DriverAdminView[]> {
    return (await this.deps.drivers.listAll()).map(toAdminView);
  }

  async get(id: string): Promise<DriverAdminView> {
    return toAdminView(await this.load(id));
  }

  async create(input: DriverCreate, by: Actor): Promise<DriverAdminView> {
    const homeBase = await this.base(input.basePostcode);
    this.checkCard(input.card as PriceCard, input.cardBounds ?? boundsOf({}));
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
      cardBounds: input.cardBounds ?? boundsOf({}),
      photoUrl: input.photoUrl ?? '',
      rating: 0,
      reviewCount: 0,
      ulezCompliant: input.ulezCompliant ?? true,
      active: true,
      version: 1,
      updatedAt: now,
    };
    await this.deps.drivers.insert(driver);
    await this.record(driver, 'created', diffDrivers(null, driver), by);
    return toAdminView(driver);
  }

  async update(id: string, patch: DriverPatch, expectedVersion: number | undefined, by: Actor): Promise<DriverAdminView> {
    const before = await this.load(id);
    const version = before.version ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== version) throw new ConflictError('Someone else changed this driver meanwhile: reload and try again.');
    const set: Partial<Driver> = {};
    for (const key of ['name', 'email', 'phone', 'vanSizes', 'helpLevels', 'serviceRadiusMiles', 'photoUrl', 'ulezCompliant', 'card', 'cardBounds'] as const) {
      if (patch[key] !== undefined) (set as Record<string, unknown>)[key] = patch[key];
    }
    if (patch.basePostcode !== undefined && patch.basePostcode !== before.basePostcode) {
      set.homeBase = await this.base(patch.basePostcode);
      set.basePostcode = patch.basePostcode;
    }
    this.checkCard(set.card ?? before.card, set.cardBounds ?? boundsOf(before));
    return this.write(before, set, 'updated', by);
  }

  async setActive(id: string, active: boolean, by: Actor, reason = ''): Promise<DriverAdminView> {
    const before = await this.load(id);
    if (before.active === active) return toAdminView(before);
    return this.write(before, { active }, active ? 'reactivated' : 'suspended', by, reason);
  }

  /** The driver's own card edit: only within the bounds staff set. */
  async updateOwnCard(id: string, card: PriceCard): Promise<Driver> {
    const before = await this.load(id);
    this.checkCard(card, boundsOf(before));
    await this.write(before, { card }, 'updated', `driver:${id}`);
    return this.load(id);
  }

  auditFor(driverId: string): Promise<DriverAuditEntry[]> {
    return this.deps.audit.forDriver(driverId);
  }

  auditRecent(): Promise<DriverAuditEntry[]> {
    return this.deps.audit.recent();
  }

  private async write(before: Driver, set: Partial<Driver>, action: DriverAuditEntry['action'], by: Actor, reason?: string): Promise<DriverAdminView> {
    const changes = diffDrivers({ ...before, cardBounds: boundsOf(before) }, { ...before, cardBounds: boundsOf(before), ...set });
    if (Object.keys(changes).length === 0) return toAdminView(before);
    const after = await this.deps.drivers.updateIfVersion(before._id, before.version ?? 0, { ...set, updatedAt: this.deps.clock.now().toISOString() });
    if (!after) throw new ConflictError('Someone else changed this driver meanwhile: reload and try again.');
    await this.record(after, action, changes, by, reason);
    return toAdminView(after);
  }

  private async record(driver: Driver, action: DriverAuditEntry['action'], changes: DriverAuditEntry['changes'], by: Actor, reason?: string): Promise<void> {
    await this.deps.audit.append({
      id: `${driver._id}:v${driver.version ?? 0}`,
      at: this.deps.clock.now().toISOString(),
      by,
      driverId: driver._id,
      action,
      changes,
      ...(reason ? { reason } : {}),
    });
    await this.deps.onChange?.(driver, changes, by);
  }

  private async load(id: string): Promise<Driver> {
    const driver = await this.deps.drivers.findById(id);
    if (!driver) throw new NotFoundError('No driver with that id');
    return driver;
  }

  private async base(postcode: string): Promise<Driver['homeBase']> {
    const point = await this.deps.geo.geocode(postcode);
    if (!point) throw new ValidationError(DRIVER_MSG.unknownPostcode, { basePostcode: DRIVER_MSG.unknownPostcode });
    return { label: point.label, lat: point.lat, lng: point.lng };
  }

  private checkCard(card: PriceCard, bounds: NonNullable<Driver['cardBounds']>): void {
    const problems = { ...boundsProblems(bounds), ...cardOutsideBounds(card, bounds) };
    const first = Object.values(problems)[0];
    if (first) throw new ValidationError(first, problems);
  }
}
