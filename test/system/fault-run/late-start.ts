/**
 * A fault whose target was not healthy within the run's limit. The run goes on without it, but
 * keeps watching, so its report can tell a server that needed longer on a machine this busy (the
 * machine's limit) from one that never came back (a fault of the product or the server).
 */
export interface LateStart {
  /** The container's name, as the report shows it. */
  target: string;
  /** Shared infrastructure (Kafka, MongoDB, Redis) rather than one of the product's programs. */
  infrastructure: boolean;
  limitMs: number;
  /** The machine's one-minute load average when the limit passed, and its cores. */
  loadAverage: number;
  cores: number;
  /** How long after the fault began the target was healthy; unset while it is not. */
  backAfterMs?: number;
  /** How long after the fault began the watch ended (the report was written) without seeing it back. */
  watchedMs?: number;
}

/** Load at or above this many runnable tasks per core means the machine, not the target, was short. */
const OVERLOADED_PER_CORE = 2;

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/** One line for the report: how late, how loaded the machine was, and whose limit that was. */
export function lateStartNote(late: LateStart): string {
  const load = `load average ${late.loadAverage.toFixed(1)} on ${late.cores} cores when the limit passed`;
  const overloaded = late.loadAverage >= OVERLOADED_PER_CORE * late.cores;
  if (late.backAfterMs === undefined) {
    const watched = late.watchedMs === undefined ? '' : `, still not after ${seconds(late.watchedMs)}`;
    return `${late.target} not healthy within the run's ${seconds(late.limitMs)} limit${watched} (${load})`;
  }
  const took = `${late.target} healthy ${seconds(late.backAfterMs)} after the fault began, past the run's ${seconds(late.limitMs)} limit (${load})`;
  if (!overloaded) return `${took}: the machine was not overloaded, so the delay is the target's own; see its log`;
  return late.infrastructure
    ? `${took}: the machine's limit (a server that needs this long to start on a machine this busy), not the product's`
    : `${took}: the machine was overloaded when the limit passed`;
}
