import { afterEach, describe, expect, it } from 'vitest';
import { cardWireOf } from '../src/adapters/driver-card-wire.js';
import { SupplyCards } from '../src/adapters/supply-cards.js';
import { SupplyFreshness } from '../src/adapters/supply-freshness.js';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';
import { movableClock, supplyHarness } from './supply-harness.js';

const ALI = DEMO_DRIVERS[0]!;
const card = (revision: number) => ({ driverId: ALI._id, revision, active: true, card: cardWireOf(ALI) });

type Harness = Awaited<ReturnType<typeof supplyHarness>>;

describe("a replica's quotes wait for the read model to hold its own writes", () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('waits until the revision written here is applied here, then tells the pricing model to read it', async () => {
    h = await supplyHarness(movableClock('2026-03-02T08:00:00.000Z'));
    const caught: string[] = [];
    const fresh = new SupplyFreshness(h.store, { waitMs: 60_000, caughtUp: (_kind, id) => caught.push(id) });
    h.cards.onApplied((id, revision) => fresh.applied('card', id, revision));
    fresh.published('card', ALI._id, 2);
    let settled = false;
    const waiting = fresh.settled().then(() => {
      settled = true;
    });
    await h.cards.apply(card(1));
    expect(await h.cards.revisionOf(ALI._id)).toBe(1);
    expect(settled).toBe(false);
    await h.cards.apply(card(2));
    await waiting;
    expect(caught).toEqual([ALI._id]);
    // Nothing pending now: the next quote does not wait.
    await fresh.settled();
  });

  it('finds the revision in the model when another replica applied it', async () => {
    h = await supplyHarness(movableClock('2026-03-02T08:00:00.000Z'));
    const caught: string[] = [];
    const fresh = new SupplyFreshness(h.store, { waitMs: 60_000, caughtUp: (_kind, id) => caught.push(id) });
    fresh.published('card', ALI._id, 1);
    const waiting = fresh.settled();
    // Applied by the consumer of another replica: nothing tells this one.
    await new SupplyCards(h.store).apply(card(1));
    await waiting;
    expect(caught).toEqual([ALI._id]);
  });

  it('gives up after its bound (the bus away), and does not wait on the same revision again', async () => {
    h = await supplyHarness(movableClock('2026-03-02T08:00:00.000Z'));
    const fresh = new SupplyFreshness(h.store, { waitMs: 0 });
    fresh.published('time', 'b1:d1', 1);
    await fresh.settled();
    const never = new SupplyFreshness(h.store, { waitMs: 60_000 });
    never.published('time', 'b1:d1', 1);
    never.applied('time', 'b1:d1', 1);
    await never.settled();
  });

  it('after a wait ran out, quotes do not wait until an event is applied here again (a broker outage)', async () => {
    h = await supplyHarness(movableClock('2026-03-02T08:00:00.000Z'));
    let t = 0;
    let ticking = true;
    // A clock that runs only while `ticking`: a wait that is not skipped never ends once it stops.
    const fresh = new SupplyFreshness(h.store, {
      waitMs: 2_000,
      elapsed: () => {
        if (ticking) t += 500;
        return t;
      },
    });
    fresh.published('time', 'b1:d1', 1);
    await fresh.settled();
    ticking = false;
    fresh.published('time', 'b2:d1', 1);
    await fresh.settled();
    // The bus delivers again: the next write is waited for.
    fresh.applied('card', 'someone', 1);
    fresh.published('card', ALI._id, 1);
    let settled = false;
    const waiting = fresh.settled().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
    fresh.applied('card', ALI._id, 1);
    await waiting;
  });
});
