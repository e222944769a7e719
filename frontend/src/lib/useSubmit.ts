import { useCallback, useEffect, useRef, useState } from 'react';

export type Submit<A extends unknown[], R> = {
  /** Sends once; a second call while the first is on its way is ignored (resolves to undefined). */
  run: (...args: A) => Promise<R | undefined>;
  /** True while a send is on its way: show it on the button. */
  pending: boolean;
  /** Why the last send failed; cleared when the next one starts. */
  error: unknown;
  reset: () => void;
};

/**
 * One send at a time, with its pending and failed states. Nothing is set once the screen has gone
 * (the answer of a send that navigated away is simply returned). A failure is kept in `error` and
 * `run` resolves to undefined, so the caller shows it instead of catching it.
 */
export function useSubmit<A extends unknown[], R>(submit: (...args: A) => Promise<R>): Submit<A, R> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const latest = useRef(submit);
  latest.current = submit;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setPending(true);
    setError(undefined);
    try {
      return await latest.current(...args);
    } catch (err) {
      if (mounted.current) setError(err ?? new Error('failed'));
      return undefined;
    } finally {
      inFlight.current = false;
      if (mounted.current) setPending(false);
    }
  }, []);

  const reset = useCallback(() => setError(undefined), []);
  return { run, pending, error, reset };
}
