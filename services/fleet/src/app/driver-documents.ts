import {
  daysBetween,
  DOCUMENT_REMINDER_DAYS,
  documentStanding,
  DRIVER_DOCUMENT_KINDS,
  londonDayOf,
  overallStanding,
  TOPICS,
  documentsAllowWork,
  type DriverDocumentsInput,
  type DriverDocumentState,
  type DriverDocumentsView,
} from '@vanhop/contracts';
import { createEvent, NotFoundError, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import type { DriverAuditLog, DriverDocumentsRepository, StoredDocument } from '../domain/ports.js';
import type { DocumentedDriver } from '@vanhop/contracts';

const stateOf = (doc: StoredDocument | null | undefined, today: string): DriverDocumentState | null => {
  if (!doc) return null;
  const standing = documentStanding(doc, today);
  return {
    reference: doc.reference,
    expiresOn: doc.expiresOn,
    standing: standing === 'missing' ? 'valid' : standing,
    remindedAt: doc.remindedFor === doc.expiresOn ? (doc.remindedAt ?? null) : null,
  };
};

export function toDocumentsView(d: DocumentedDriver, now: Date): DriverDocumentsView {
  const today = londonDayOf(now);
  const docs = d.documents as Partial<Record<'insurance' | 'licence', StoredDocument | null>> | undefined;
  return {
    driverId: d._id,
    insurance: stateOf(docs?.insurance, today),
    licence: stateOf(docs?.licence, today),
    standing: overallStanding(d.documents, today),
    barred: !documentsAllowWork(d.documents, today),
    reminderDays: DOCUMENT_REMINDER_DAYS,
  };
}

const line = (doc: StoredDocument | null | undefined): string | null =>
  doc ? `${doc.reference}, expires ${doc.expiresOn}` : null;

/**
 * Staff record each driver's insurance and licence (reference and expiry date); a driver with an
 * expired one is offered in no new quote and given no job (domain/compliance.ts, applied in
 * PriceMove), while the jobs they have stay. Before a document expires the driver and the office
 * are mailed once (`sweep`): the reminder is claimed on the driver's stored document with its
 * event in the same write, so the state lives in the store and a restart neither loses nor
 * repeats it; the timer that calls `sweep` holds nothing.
 */
export class DriverDocuments {
  constructor(
    private readonly deps: {
      documents: DriverDocumentsRepository;
      audit: DriverAuditLog;
      clock: Clock;
      logger: Logger;
      relay?: OutboxRelay;
    },
  ) {}

  async view(id: string): Promise<DriverDocumentsView> {
    return toDocumentsView(await this.load(id), this.deps.clock.now());
  }

  /** Every driver's standing, or (given ids) only those drivers'. */
  async list(ids?: string[]): Promise<DriverDocumentsView[]> {
    const now = this.deps.clock.now();
    const drivers = ids ? await this.deps.documents.byIds(ids) : await this.deps.documents.all();
    return drivers.map((d) => toDocumentsView(d, now));
  }

  /** Both documents as staff saved them; the change goes in the driver's audit log, and a date already near is reminded at once. */
  async save(id: string, input: DriverDocumentsInput, by: string): Promise<DriverDocumentsView> {
    const before = await this.load(id);
    const stored = (before.documents ?? {}) as Partial<Record<'insurance' | 'licence', StoredDocument | null>>;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const kind of DRIVER_DOCUMENT_KINDS) {
      const next = input[kind] ? { reference: input[kind]!.reference, expiresOn: input[kind]!.expiresOn } : null;
      const was = stored[kind] ?? null;
      if (line(was) === line(next)) continue;
      await this.deps.documents.set(id, kind, next, was);
      changes[`documents.${kind}`] = { from: line(was), to: line(next) };
    }
    const at = this.deps.clock.now().toISOString();
    if (Object.keys(changes).length > 0) {
      await this.deps.audit.append({ id: `${id}:documents:${at}`, at, by, driverId: id, action: 'updated', changes });
      await this.remind(await this.load(id), this.deps.clock.now());
    }
    return this.view(id);
  }

  /** Mails every document expiring within the reminder days whose reminder has not gone yet; returns how many were claimed. */
  async sweep(): Promise<number> {
    const now = this.deps.clock.now();
    let sent = 0;
    for (const driver of await this.deps.documents.withDocuments()) sent += await this.remind(driver, now);
    return sent;
  }

  private async remind(driver: DocumentedDriver, now: Date): Promise<number> {
    const today = londonDayOf(now);
    const docs = (driver.documents ?? {}) as Partial<Record<'insurance' | 'licence', StoredDocument | null>>;
    const sent: string[] = [];
    for (const kind of DRIVER_DOCUMENT_KINDS) {
      const doc = docs[kind];
      if (!doc || doc.remindedFor === doc.expiresOn) continue;
      const daysLeft = daysBetween(today, doc.expiresOn);
      if (daysLeft > DOCUMENT_REMINDER_DAYS) continue;
      const event = await createEvent(
        TOPICS.driverDocumentExpiring,
        {
          driverId: driver._id,
          driver: { name: driver.name, email: driver.email },
          document: kind,
          reference: doc.reference,
          expiresOn: doc.expiresOn,
          daysLeft,
        },
        { producer: 'fleet', clock: this.deps.clock, correlationId: driver._id },
      );
      if (
        await this.deps.documents.claimReminder(
          driver._id,
          kind,
          doc.expiresOn,
          now.toISOString(),
          outboxEntry(TOPICS.driverDocumentExpiring, event, driver._id),
        )
      ) {
        sent.push(event.eventId);
        this.deps.logger.info(
          { driverId: driver._id, document: kind, expiresOn: doc.expiresOn },
          'document expiry reminder queued',
        );
      }
    }
    if (sent.length > 0) void this.deps.relay?.kick(sent);
    return sent.length;
  }

  private async load(id: string): Promise<DocumentedDriver> {
    const driver = await this.deps.documents.byId(id);
    if (!driver) throw new NotFoundError('No driver with that id');
    return driver;
  }
}
