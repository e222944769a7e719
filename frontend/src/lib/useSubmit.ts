import { useCallback, useEffect, useRef, useState } from 'react';

export type Submit<A extends unknown[], R> = {
  /** Sends once; a second call while the first is on its way is ignored (resolves to undefined). */
  run: (...args: A) => Promise<R | undefined>;
  /** True while a send is on its way: show it on the button. */
  pending: boolean;
  /** Why the last send failed; cleared when the next one starts. */
  error: unknown;
  /** The words to show for the last failure (see SubmitOptions.failureText), or null. */
  failure: string | null;
  reset: () => void;
};

export type SubmitOptions = {
  /**
   * The words a failure is shown with; null shows none (a lapsed session the area already handles).
   * Without it, `failure` is always null and the caller reads `error`.
   */
  failureText?: (err: unknown) => string | null;
};

/**
 * One send at a time, with its pending and failed states. Nothing is set once the screen has gone
 * (the answer of a send that navigated away is simply returned). A failure is kept in `error` and
 * `run` resolves to undefined, so the caller shows it instead of catching it.
 */
export function useSubmit<A extends unknown[], R>(
  submit: (...args: A) => Promise<R>,
  { failureText }: SubmitOptions = {},
): Submit<A, R> {
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
  const failure = error !== undefined && failureText ? failureText(error) : null;
  return { run, pending, error, failure, reset };
}
