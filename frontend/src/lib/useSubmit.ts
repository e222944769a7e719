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

/** Sends about several things (a list's rows), each one at a time, side by side. */
export type SubmitEach<K, A extends unknown[], R> = {
  /** Sends about `key`; a second call for the same key while its first is on its way is ignored. */
  run: (key: K, ...args: A) => Promise<R | undefined>;
  /** True while a send about this key is on its way: show it on that row's buttons. */
  isPending: (key: K) => boolean;
  /** True while any send is on its way. */
  pending: boolean;
  /** Why the last send that failed failed (whichever key); cleared when the next one starts. */
  error: unknown;
  failure: string | null;
  reset: () => void;
};

export type SubmitOptions = {
  /**
   * The words a failure is shown with; null shows none (a lapsed session the area already handles).
   * Without it, `failure` is always null and the caller reads `error`.
   */
  failureText?: (err: unknown) => string | null;
  /**
   * A send that succeeds takes the browser to another site (a checkout page): it stays pending
   * afterwards, so nothing can be sent again while the page unloads.
   */
  leavesPage?: boolean;
};

/**
 * One send at a time, with its pending and failed states. Nothing is set once the screen has gone
 * (the answer of a send that navigated away is simply returned). A failure is kept in `error` and
 * `run` resolves to undefined, so the caller shows it instead of catching it.
 */
export function useSubmit<A extends unknown[], R>(
  submit: (...args: A) => Promise<R>,
  options: SubmitOptions = {},
): Submit<A, R> {
  const each = useSubmitEach((_one: true, ...args: A) => submit(...args), options);
  const sendEach = each.run;
  const run = useCallback((...args: A) => sendEach(true, ...args), [sendEach]);
  return { run, pending: each.pending, error: each.error, failure: each.failure, reset: each.reset };
}

/**
 * useSubmit for a list whose rows each have their own send: one send per key at a time (that
 * row's buttons show it), while other rows can send meanwhile. The same rules otherwise.
 */
export function useSubmitEach<K, A extends unknown[], R>(
  submit: (key: K, ...args: A) => Promise<R>,
  { failureText, leavesPage = false }: SubmitOptions = {},
): SubmitEach<K, A, R> {
  const [pendingKeys, setPendingKeys] = useState<ReadonlySet<K>>(() => new Set());
  const [error, setError] = useState<unknown>(undefined);
  const inFlight = useRef(new Set<K>());
  const mounted = useRef(true);
  const latest = useRef(submit);
  latest.current = submit;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (key: K, ...args: A): Promise<R | undefined> => {
      if (inFlight.current.has(key)) return undefined;
      inFlight.current.add(key);
      setPendingKeys(new Set(inFlight.current));
      setError(undefined);
      let succeeded = false;
      try {
        const answer = await latest.current(key, ...args);
        succeeded = true;
        return answer;
      } catch (err) {
        if (mounted.current) setError(err ?? new Error('failed'));
        return undefined;
      } finally {
        // A page being left keeps its send pending (and its key taken) until it has gone.
        if (!(succeeded && leavesPage)) {
          inFlight.current.delete(key);
          if (mounted.current) setPendingKeys(new Set(inFlight.current));
        }
      }
    },
    [leavesPage],
  );

  const isPending = useCallback((key: K) => pendingKeys.has(key), [pendingKeys]);
  const reset = useCallback(() => setError(undefined), []);
  const failure = error !== undefined && failureText ? failureText(error) : null;
  return { run, isPending, pending: pendingKeys.size > 0, error, failure, reset };
}
