/** How far one consumer group is behind on one partition of one topic (messages not yet handled). */
export interface ConsumerLag {
  group: string;
  topic: string;
  partition: number;
  lag: number;
}

/** Dead letters of one topic still waiting for someone to look at them (parked, not replayed). */
export interface DeadLetterDepth {
  topic: string;
  depth: number;
}

export interface BusStats {
  lag: ConsumerLag[];
  deadLetters: DeadLetterDepth[];
}

/**
 * An event bus that can say how far a consumer group is behind and how many of its messages were
 * dead-lettered, for `/metrics`. Optional: a bus without it simply exports neither series.
 */
export interface BusStatsSource {
  /** Lag and dead letters of the topics `group` consumes. */
  stats(group: string): Promise<BusStats>;
  /**
   * Events this process handled for `group`, per topic and partition, since it started: with
   * several replicas in one group, each one's share of the partitions shows here.
   */
  handled(group: string): HandledCount[];
}

export interface HandledCount {
  topic: string;
  partition: number;
  count: number;
}

export const hasBusStats = (bus: object): bus is BusStatsSource =>
  typeof (bus as Partial<BusStatsSource>).stats === 'function';
