import { describe, expect, it } from 'vitest';
import type { ComposeStack, Container } from '../compose-stack.js';
import type { Fault } from './chaos.js';
import { lateStartNote, type LateStart } from './late-start.js';
import { watchLateStart } from './late-watch.js';
import { newTally } from './moves.js';
import { printReport, type FaultRunReport } from './run.js';

const kafka: Container = { id: 'c1', name: 'vanhop-kafka-1', service: 'kafka', ip: '10.0.0.2', running: true };
const late = (over: Partial<LateStart> = {}): LateStart => ({
  target: 'vanhop-kafka-1',
  infrastructure: true,
  limitMs: 300_000,
  loadAverage: 63.2,
  cores: 2,
  ...over,
});

describe('the fault run on a target not healthy within its limit', () => {
  it("calls a broker that came back late on an overloaded machine the machine's limit, with the time it took", () => {
    expect(lateStartNote(late({ backAfterMs: 412_000 }))).toBe(
      "vanhop-kafka-1 healthy 412 s after the fault began, past the run's 300 s limit (load average 63.2 on 2 cores when the limit passed): the machine's limit (a server that needs this long to start on a machine this busy), not the product's",
    );
  });

  it('does not blame the machine when it was not overloaded, nor for a replica', () => {
    expect(lateStartNote(late({ backAfterMs: 412_000, loadAverage: 1.5 }))).toMatch(
      /: the machine was not overloaded, so the delay is the target's own; see its log$/,
    );
    expect(lateStartNote(late({ target: 'vanhop-booking-2', infrastructure: false, backAfterMs: 320_000 }))).toMatch(
      /^vanhop-booking-2 healthy 320 s after .*: the machine was overloaded when the limit passed$/,
    );
  });

  it('says how long it watched a target that never came back', () => {
    expect(lateStartNote(late({ watchedMs: 540_000 }))).toBe(
      "vanhop-kafka-1 not healthy within the run's 300 s limit, still not after 540 s (load average 63.2 on 2 cores when the limit passed)",
    );
  });

  it('keeps watching after the limit and notes when the target is healthy; a stop before that notes how long it watched', async () => {
    let answers = ['starting', 'starting', 'healthy'];
    const stack = { health: async () => answers.shift() ?? 'healthy' } as unknown as ComposeStack;
    const seen = late();
    watchLateStart(stack, kafka, seen, Date.now() - 400_000, 0);
    await expect.poll(() => seen.backAfterMs, { interval: 5 }).toBeGreaterThanOrEqual(400_000);

    answers = [];
    const never = { health: async () => 'starting' } as unknown as ComposeStack;
    const still = late();
    const stop = watchLateStart(never, kafka, still, Date.now() - 500_000, 0);
    stop();
    expect(still.backAfterMs).toBeUndefined();
    expect(still.watchedMs).toBeGreaterThanOrEqual(500_000);
  });

  it('prints the late note under the faults not recovered', () => {
    const fault: Fault = { at: 0, kind: 'restart', target: 'kafka', downMs: 0 };
    const report: FaultRunReport = {
      seed: 1,
      schedule: [fault],
      windows: [
        {
          fault,
          startedAt: 0,
          endedAt: 300_000,
          notBack: 'vanhop-kafka-1 not healthy within 300 s (starting)',
          late: late({ backAfterMs: 412_000 }),
        },
      ],
      tally: newTally(),
      results: [],
      audit: {
        paid: 0,
        violations: [],
        confirmationMails: 0,
        driverMails: 0,
        resent: 0,
        latency: { duringFaults: [], outsideFaults: [] },
      },
      durationMs: 600_000,
      unhandled: [],
    };
    const lines: string[] = [];
    printReport(report, (l) => lines.push(l));
    expect(lines).toContain(
      "[fault-run]   late: restart kafka: vanhop-kafka-1 healthy 412 s after the fault began, past the run's 300 s limit (load average 63.2 on 2 cores when the limit passed): the machine's limit (a server that needs this long to start on a machine this busy), not the product's",
    );
  });
});
