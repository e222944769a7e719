import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@vanhop/contracts';
import type { EventBus } from '../../src/ports/event-bus.js';
import { eventually } from './eventually.js';
import { StoreUnavailableError } from '../../src/errors.js';
import { hasBusStats } from '../../src/ports/bus-stats.js';

export interface BusFixture {
  /**
   * A new bus isolated from every other test's topics and groups (same name = same bus world within
   * one test: two calls with the same `world` share topics and groups, like two processes).
   */
  open(world: string): Promise<EventBus>;
}

const event = (n: number, extra: Partial<EventEnvelope> = {}): EventEnvelope => ({
  eventId: randomUUID(),
  type: 'contract.tested',
  version: 1,
  occurredAt: new Date(Date.UTC(2026, 2, 1, 9, 0, n)).toISOString(),
  correlationId: `corr-${n}`,
  producer: 'contract-test',
  data: { n, nested: { list: [1, 2, 3], text: 'Zoë £45.50' } },
  ...extra,
});

const fast = { maxRetries: 2, retryBackoffMs: 20 };

/**
 * The EventBus port's behaviour, run unchanged against every adapter: delivery to every group,
 * per-key order, retries then `<topic>.dlq`, envelope validation, and draining on stop.
 */
export function eventBusContract(name: string, fixture: BusFixture): void {
  describe(`EventBus contract: ${name}`, () => {
    const opened: EventBus[] = [];
    const open = async (world: string) => {
      const bus = await fixture.open(world);
      opened.push(bus);
      return bus;
    };
    const world = () => `w${randomUUID().slice(0, 8)}`;

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((b) => b.stop().catch(() => undefined)));
    });

    it('delivers the published envelope unchanged, once, to a subscribed group', async () => {
      const bus = await open(world());
      const got: EventEnvelope[] = [];
      await bus.subscribe('notification', 'orders', async (e) => void got.push(e), fast);
      await bus.start();
      const sent = event(1);
      await bus.publish('orders', sent, 'booking-1');
      await eventually(() => expect(got).toHaveLength(1));
      expect(got[0]).toEqual(sent);
      await bus.ping();
    });

    it('gives every consumer group every message, and only its own topics', async () => {
      const bus = await open(world());
      const a: number[] = [];
      const b: number[] = [];
      const other: number[] = [];
      await bus.subscribe('booking', 'orders', async (e) => void a.push((e.data as { n: number }).n), fast);
      await bus.subscribe('notification', 'orders', async (e) => void b.push((e.data as { n: number }).n), fast);
      await bus.subscribe('notification', 'payments', async (e) => void other.push((e.data as { n: number }).n), fast);
      await bus.start();
      for (let n = 1; n <= 5; n++) await bus.publish('orders', event(n), `k${n}`);
      await bus.publish('payments', event(99), 'p');
      await eventually(() => {
        expect([...a].sort()).toEqual([1, 2, 3, 4, 5]);
        expect([...b].sort()).toEqual([1, 2, 3, 4, 5]);
        expect(other).toEqual([99]);
      });
    });

    it('keeps the order of messages with the same key', async () => {
      const bus = await open(world());
      const seen: Record<string, number[]> = { x: [], y: [] };
      await bus.subscribe(
        'booking',
        'orders',
        async (e) => {
          const { n, key } = e.data as { n: number; key: string };
          // A slow first message must not let later ones of the same key overtake it.
          if (n === 0) await new Promise((r) => setTimeout(r, 100));
          seen[key]!.push(n);
        },
        fast,
      );
      await bus.start();
      for (let n = 0; n < 12; n++) {
        const key = n % 2 === 0 ? 'x' : 'y';
        await bus.publish('orders', event(n, { data: { n, key } }), key);
      }
      await eventually(() => expect(seen.x!.length + seen.y!.length).toBe(12));
      expect(seen.x).toEqual([0, 2, 4, 6, 8, 10]);
      expect(seen.y).toEqual([1, 3, 5, 7, 9, 11]);
    });

    it('retries a failing handler with backoff until it succeeds', async () => {
      const bus = await open(world());
      let attempts = 0;
      const done: string[] = [];
      const dead: EventEnvelope[] = [];
      await bus.subscribe(
        'notification',
        'orders',
        async (e) => {
          attempts++;
          if (attempts < 3) throw new Error(`flaky ${attempts}`);
          done.push(e.eventId);
        },
        { maxRetries: 3, retryBackoffMs: 20 },
      );
      await bus.subscribe('ops', 'orders.dlq', async (e) => void dead.push(e), fast);
      await bus.start();
      const sent = event(1);
      await bus.publish('orders', sent, 'k');
      await eventually(() => expect(done).toEqual([sent.eventId]));
      expect(attempts).toBe(3);
      expect(dead).toEqual([]);
    });

    it('parks a message on <topic>.dlq when retries run out, then moves on to the next one', async () => {
      const bus = await open(world());
      const attemptsById = new Map<string, number>();
      const handled: number[] = [];
      const dead: EventEnvelope[] = [];
      const poison = event(1, { data: { n: 1, poison: true } });
      await bus.subscribe(
        'notification',
        'orders',
        async (e) => {
          attemptsById.set(e.eventId, (attemptsById.get(e.eventId) ?? 0) + 1);
          if ((e.data as { poison?: boolean }).poison) throw new Error('cannot handle this one');
          handled.push((e.data as { n: number }).n);
        },
        { maxRetries: 2, retryBackoffMs: 10 },
      );
      await bus.subscribe('ops', 'orders.dlq', async (e) => void dead.push(e), fast);
      await bus.start();
      await bus.publish('orders', poison, 'same-key');
      await bus.publish('orders', event(2), 'same-key');
      await eventually(() => {
        expect(dead.map((e) => e.eventId)).toEqual([poison.eventId]);
        expect(handled).toEqual([2]);
      });
      expect(dead[0]).toEqual(poison);
      expect(attemptsById.get(poison.eventId)).toBe(3); // first try + 2 retries
    });

    it('waits out a dependency outage (a transient failure) past maxRetries, never dead-lettering, and counts what it handled', async () => {
      const bus = await open(world());
      let attempts = 0;
      const done: string[] = [];
      const dead: EventEnvelope[] = [];
      // Four tries against a store that is away, with maxRetries 1: a work failure would be parked after two.
      await bus.subscribe(
        'notification',
        'orders',
        async (e) => {
          attempts++;
          if (attempts <= 4) throw new StoreUnavailableError(new Error('store restarting'));
          done.push(e.eventId);
        },
        { maxRetries: 1, retryBackoffMs: 10 },
      );
      await bus.subscribe('ops', 'orders.dlq', async (e) => void dead.push(e), fast);
      await bus.start();
      const sent = event(1);
      await bus.publish('orders', sent, 'k');
      await eventually(() => expect(done).toEqual([sent.eventId]));
      expect(attempts).toBe(5);
      expect(dead).toEqual([]);
      if (hasBusStats(bus)) {
        const handled = bus.handled('notification');
        expect(handled.filter((h) => h.topic === 'orders').reduce((n, h) => n + h.count, 0)).toBe(1);
        expect(bus.handled('nobody')).toEqual([]);
      }
    });

    it('refuses to publish an envelope that breaks the contract', async () => {
      const bus = await open(world());
      await bus.start();
      const { eventId: _dropped, ...noId } = event(1);
      await expect(bus.publish('orders', noId as EventEnvelope)).rejects.toThrow(/eventId/);
      await expect(bus.publish('orders', event(1, { occurredAt: 'yesterday' }))).rejects.toThrow(/occurredAt/);
    });

    it('on stop lets the in-flight handler finish, then refuses work and fails ping', async () => {
      const bus = await open(world());
      let started = false;
      let finished = false;
      await bus.subscribe(
        'notification',
        'orders',
        async () => {
          started = true;
          await new Promise((r) => setTimeout(r, 300));
          finished = true;
        },
        fast,
      );
      await bus.start();
      await bus.publish('orders', event(1), 'k');
      await eventually(() => expect(started).toBe(true));
      await bus.stop();
      expect(finished).toBe(true);
      await expect(bus.ping()).rejects.toThrow();
      await expect(bus.publish('orders', event(2), 'k')).rejects.toThrow();
    });
  });
}
