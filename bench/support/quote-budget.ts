/**
 * The quote's own work with no HTTP at all, timed in this process: what any gateway, however thin,
 * must still spend per quote. bench/quote.ts sets it against what the floor ratio leaves once the
 * product's two hops with no work are paid, so the printout says whether the target can be reached
 * by making the quote cheaper, or only by making the platform cheaper.
 */
import { bookingCompleteSchema } from '@vanhop/contracts';
import { passes } from '@vanhop/platform';

export interface QuoteWork {
  /** Parsing the posted JSON and validating it with the shared schema, as the route does. */
  validateUs: number;
  /** JSON.stringify of the answer the route sends. */
  serialiseUs: number;
}

/** Best per-call microseconds of `fn` over `rounds` runs of `calls`, after a warm-up. */
function bestUs(fn: () => unknown, calls: number, rounds: number): number {
  for (let i = 0; i < Math.min(calls, 500); i++) fn();
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1000 / calls);
  }
  return best;
}

export function quoteWork(requestBody: string, answerBody: string, calls = 2000, rounds = 5): QuoteWork {
  const answer: unknown = JSON.parse(answerBody);
  if (passes(bookingCompleteSchema, JSON.parse(requestBody)) === null)
    throw new Error('the bench booking does not pass bookingCompleteSchema');
  return {
    validateUs: bestUs(() => passes(bookingCompleteSchema, JSON.parse(requestBody)), calls, rounds),
    serialiseUs: bestUs(() => JSON.stringify(answer), calls, rounds),
  };
}
