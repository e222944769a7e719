import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type Resource<T> = {
  /** The last value that arrived; kept while a newer one loads so the screen does not blank out. */
  data: T | undefined;
  /** Why the latest load failed; cleared when a load succeeds. */
  error: unknown;
  /** True from the start of a load until its answer (or failure) arrives. */
  loading: boolean;
  /** Loads again with the same inputs (after a save, or from a Retry button). */
  reload: () => void;
  /** Replaces the data in hand, e.g. with the answer of a save, without a round trip. */
  setData: (data: T) => void;
};

/**
 * Reads something when the screen opens and whenever `deps` change. An answer that arrives after the
 * screen has gone or after the inputs changed is dropped (and `signal` aborts it), so a slow old
 * answer never overwrites a newer one. Pass `null` for `load` while the inputs are not ready
 * (e.g. before sign-in): nothing is fetched and nothing is loading.
 */
export function useResource<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: DependencyList): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(load !== null);
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps and reload()'s round say when to load again; `load` is read fresh from the ref.
  useEffect(() => {
    const run = latest.current;
    if (!run) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    run(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(() => value);
        setError(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setError(err ?? new Error('failed'));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [...deps, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const replace = useCallback((value: T) => setData(() => value), []);
  return { data, error, loading, reload, setData: replace };
}
