import { londonDay, type BusinessFigures, type EventEnvelope, type EventPayloads } from '@vanhop/contracts';
import type { Clock } from '@vanhop/platform';
import { chartDays, figureChanges, summarise, type FigureTopic } from '../domain/business-figures.js';
import type { BusinessFiguresStore } from '../domain/ports.js';

/** Use cases: fold a fact event into the figures; read the figures for the dashboard. */
export class BusinessFiguresModel {
  constructor(private readonly deps: { store: BusinessFiguresStore; clock: Clock }) {}

  async apply<K extends FigureTopic>(topic: K, event: EventEnvelope<EventPayloads[K]>): Promise<void> {
    for (const change of figureChanges(topic, event)) await this.deps.store.apply(change, event.eventId);
  }

  async read(): Promise<BusinessFigures> {
    const now = this.deps.clock.now();
    const window = chartDays(londonDay(now));
    const [days, hours, waiting, openSupportChats] = await Promise.all([
      this.deps.store.days(window[0]!, window[window.length - 1]!),
      this.deps.store.driverHours(londonDay(now)),
      this.deps.store.waitingJobs(),
      this.deps.store.openSupportChats(),
    ]);
    return summarise({ now, days, hours, waiting, openSupportChats });
  }
}
