/** What `decideAndWrite` answers when its conditional write found the record changed since it was read. */
export const LOST_RACE: unique symbol = Symbol('lost race');

export interface RetryOnConflictOptions<R> {
  /** How many times to decide and write before giving up. */
  attempts: number;
  /** The error thrown when every attempt lost its race (a 409 for a person, a retried event for a consumer). */
  exhausted: () => Error;
  /** The record as the caller has already read it: the first attempt decides on it instead of reading again. */
  first?: R;
}

/**
 * The one shape of an optimistic single-document write: read the record, decide on it and write on
 * the condition that nobody changed it since; when another write got in first, read it again and
 * decide again, so what is written was always decided on what is there. `decideAndWrite` answers
 * LOST_RACE to try again, or its result (it may also return early, or throw to refuse).
 */
export async function retryOnConflict<R, T>(
  read: () => Promise<R>,
  decideAndWrite: (current: R) => Promise<T | typeof LOST_RACE>,
  options: RetryOnConflictOptions<R>,
): Promise<T> {
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    const current = attempt === 1 && options.first !== undefined ? options.first : await read();
    const outcome = await decideAndWrite(current);
    if (outcome !== LOST_RACE) return outcome;
  }
  throw options.exhausted();
}
