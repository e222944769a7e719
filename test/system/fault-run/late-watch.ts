import { availableParallelism, loadavg } from 'node:os';
import type { ComposeStack, Container } from '../compose-stack.js';
import type { LateStart } from './late-start.js';

/** The target was not healthy within the run's limit; `late` says how loaded the machine was then. */
export class NotBackInTime extends Error {
  constructor(
    message: string,
    readonly container: Container,
    readonly late: LateStart,
  ) {
    super(message);
  }
}

/** Until `container` is healthy; past `limitMs`, throws NotBackInTime with the machine's load at that moment. */
export async function untilBackWithin(
  stack: ComposeStack,
  container: Container,
  limitMs: number,
  infrastructure: boolean,
): Promise<void> {
  try {
    await stack.untilHealthy(container, limitMs);
  } catch (err) {
    throw new NotBackInTime(err instanceof Error ? err.message : String(err), container, {
      target: container.name,
      infrastructure,
      limitMs,
      loadAverage: loadavg()[0] ?? 0,
      cores: availableParallelism(),
    });
  }
}

/**
 * Keeps looking at a late target after the run gave up waiting, and notes in `late` when it is
 * healthy, measured from `startedAt` (when the fault began). Returns the stop, called when the
 * report is written: a target still not back then is noted with how long it was watched.
 */
export function watchLateStart(
  stack: ComposeStack,
  container: Container,
  late: LateStart,
  startedAt: number,
  pollMs = 2_000,
): () => void {
  let stopped = false;
  // Bounded all the same, should the run end without writing its report.
  const giveUpAt = Date.now() + 30 * 60_000;
  void (async () => {
    while (!stopped && Date.now() < giveUpAt) {
      const status = await stack.health(container).catch(() => 'gone');
      if (stopped) return;
      if (status === 'healthy') {
        late.backAfterMs = Date.now() - startedAt;
        return;
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  })();
  return () => {
    if (stopped) return;
    stopped = true;
    if (late.backAfterMs === undefined) late.watchedMs = Date.now() - startedAt;
  };
}
