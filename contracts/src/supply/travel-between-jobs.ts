import type { Window } from './availability.js';

/** Another job of the same driver: when it runs and where it starts and ends (place labels, as booked). */
export interface NeighbourJob {
  bookingId: string;
  window: Window;
  pickup: string;
  dropoff: string;
}

/** How far around a new move another job can matter: nobody drives longer than this between two jobs. */
export const NEIGHBOUR_MARGIN_MS = 6 * 3_600_000;

/**
 * The jobs whose gap to `window` a drive must fit in: ending before it starts, or starting after it
 * ends, within the margin. Overlapping jobs are not here: their slots already rule the driver out.
 */
export function jobsAround(window: Window, jobs: NeighbourJob[]): { before: NeighbourJob[]; after: NeighbourJob[] } {
  const start = window.start.getTime();
  const end = window.end.getTime();
  return {
    before: jobs.filter((j) => j.window.end.getTime() <= start && start - j.window.end.getTime() < NEIGHBOUR_MARGIN_MS),
    after: jobs.filter((j) => j.window.start.getTime() >= end && j.window.start.getTime() - end < NEIGHBOUR_MARGIN_MS),
  };
}

/**
 * Whether the driver can get from each earlier job's drop-off to this move's pickup, and from this
 * move's drop-off to each later job's pickup, in the time between them. `driveSeconds(from, to)`
 * measures a drive between two place labels (null: a place that cannot be found, which rules
 * nothing out: the slots still keep the jobs themselves apart).
 */
export async function travelFits(
  window: Window,
  move: { pickup: string; dropoff: string },
  jobs: NeighbourJob[],
  driveSeconds: (from: string, to: string) => Promise<number | null>,
): Promise<boolean> {
  const { before, after } = jobsAround(window, jobs);
  for (const j of before) {
    const seconds = await driveSeconds(j.dropoff, move.pickup);
    if (seconds !== null && j.window.end.getTime() + seconds * 1000 > window.start.getTime()) return false;
  }
  for (const j of after) {
    const seconds = await driveSeconds(move.dropoff, j.pickup);
    if (seconds !== null && window.end.getTime() + seconds * 1000 > j.window.start.getTime()) return false;
  }
  return true;
}
