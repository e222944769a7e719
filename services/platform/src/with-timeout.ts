/**
 * `work`, or a rejection once `ms` have passed without its answer (the timer is cleared either
 * way and never keeps the process alive). The work itself is not cancelled: callers use this for
 * calls that may hang (a health check, a broker that does not answer), not to stop them.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, message = `no answer within ${ms} ms`): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
