import type { DocumentedDriver, Driver, DriverCardChanged, DriverCardWire } from '@vanhop/contracts';
import { ChangeToken, indexOf, insertUnique, queryIndex, type Collection, type DocumentStore } from '@vanhop/platform';
import type { DriverReads, StoredDriver } from './active-driver-cards.js';

export const SUPPLY_CARDS = 'supply_cards';
export const SUPPLY_CARDS_CHANGES = 'supply_cards_changes';
const TOKEN_ID = 'cards';

/** The read model's reads and the index each goes through (test/architecture/query-indexes). */
export const SUPPLY_CARD_QUERIES = {
  active: queryIndex(SUPPLY_CARDS, "the active drivers' cards (a full read)", { active: 1 }),
  revNotIn: queryIndex(SUPPLY_CARDS, 'the cards whose rev the caller does not hold (the poll)', { rev: 1 }),
} as const;

/** A card as the read model keeps it: the driver as pricing reads it, its revision and a rev unique to it. */
type CardDoc = StoredDriver & { cardRevision: number };

/** The card's fields a newer card may leave out: unset when it does, so nothing of an older card lingers. */
const OPTIONAL_FIELDS = [
  'vanhopReviews',
  'basePostcode',
  'cardBounds',
  'photoUrl',
  'availability',
  'documents',
  'version',
  'updatedAt',
] as const;

/**
 * Quote's own read model of the drivers' cards (`supply_cards`), fed only by driver.card-changed:
 * one document per driver, replaced only by a higher revision (a late or repeated event changes
 * nothing). It answers ActiveDriverCards' reads (DriverReads), its `rev` being `<driver>:<revision>`
 * so the poll's question "which revs do I not hold" works as over the drivers' own collection, and
 * a token replaced after every card applied says when to ask it.
 */
export class SupplyCards implements DriverReads {
  private readonly col: Collection<CardDoc>;
  /** Replaced after every card applied: the offers' copy asks for revs only when it moved. */
  private readonly changes: ChangeToken;
  private readonly listeners: ((driverId: string, revision: number) => void)[] = [];

  constructor(store: DocumentStore) {
    this.col = store.collection<CardDoc>(SUPPLY_CARDS);
    this.changes = new ChangeToken(store, { collection: SUPPLY_CARDS_CHANGES, id: TOKEN_ID });
  }

  async ensureIndexes(): Promise<void> {
    await this.col.ensureIndex(indexOf(SUPPLY_CARD_QUERIES.active));
    await this.col.ensureIndex(indexOf(SUPPLY_CARD_QUERIES.revNotIn, { sparse: true }));
  }

  /**
   * Told each driver whose card this process applied (kept, or older than the one held) with the
   * event's revision: the pricing model here reads it again at once, and quotes waiting for it go on.
   */
  onApplied(listener: (driverId: string, revision: number) => void): void {
    this.listeners.push(listener);
  }

  /** Keeps the card unless a card of the same or a higher revision is already here; true when kept. */
  async apply(e: DriverCardChanged): Promise<boolean> {
    const doc: CardDoc = {
      // Through JSON: fields left undefined by validation are left out, never stored as null.
      ...driverOfCardWire(e.driverId, JSON.parse(JSON.stringify(e.card))),
      active: e.active,
      cardRevision: e.revision,
      rev: `${e.driverId}:${e.revision}`,
    };
    const { _id, ...fields } = doc;
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const unset = Object.fromEntries(
      OPTIONAL_FIELDS.filter((f) => (fields as Record<string, unknown>)[f] === undefined).map((f) => [
        f,
        true as const,
      ]),
    );
    const newer = async () =>
      (
        await this.col.updateOne(
          { _id, cardRevision: { $lt: e.revision } },
          { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
        )
      ).matched === 1;
    const kept = (await newer()) || (await insertUnique(this.col, { _id, ...set } as CardDoc)) || (await newer());
    if (kept) await this.changes.bump();
    for (const l of this.listeners) l(e.driverId, e.revision);
    return kept;
  }

  /** The revision held for a driver (0: none): what a reader waits for after a write. */
  async revisionOf(driverId: string): Promise<number> {
    return (await this.col.findOne({ _id: driverId }))?.cardRevision ?? 0;
  }

  listActive(): Promise<StoredDriver[]> {
    return this.col.find({ active: true }, { sort: { _id: 1 } });
  }

  findById(id: string): Promise<StoredDriver | null> {
    return this.col.findOne({ _id: id });
  }

  listRevNotIn(known: string[]): Promise<StoredDriver[]> {
    return this.col.find({ rev: { $exists: true, $nin: known } });
  }

  changeToken(): Promise<string | null> {
    return this.changes.token();
  }
}

/** The stored driver a card stands for, as the read model hands it to ActiveDriverCards (which applies toCard). */
export function driverOfCardWire(driverId: string, card: DriverCardWire): DocumentedDriver {
  return { _id: driverId, ...(card as unknown as Omit<Driver, '_id'>) } as DocumentedDriver;
}
