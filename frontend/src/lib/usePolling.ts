import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads something now and again every `intervalMs` while the page is visible: how chats show new
 * messages without a push channel. A failed poll keeps the last good value and reports the error;
 * a new `load` (another thread) clears the error and loads at once. Pass a stable `load`
 * (useCallback), or null to stop.
 */
export function usePolling<T>(load: ((signal: AbortSignal) => Promise<T>) | null, intervalMs: number) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const current = useRef<AbortController | null>(null);

  const run = useCallback(
    async (signal: AbortSignal) => {
      if (!load) return;
      try {
        const value = await load(signal);
        if (!signal.aborted) {
          setData(value);
          setError(null);
        }
      } catch (err) {
        if ((err as Error)?.name !== 'AbortError' && !signal.aborted) setError(err);
      }
    },
    [load],
  );

  useEffect(() => {
    setError(null);
    if (!load) return;
    const controller = new AbortController();
    current.current = controller;
    void run(controller.signal);
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') void run(controller.signal);
    }, intervalMs);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [load, run, intervalMs]);

  const refresh = useCallback(() => (current.current ? run(current.current.signal) : Promise.resolve()), [run]);
  return { data, setData, error, refresh };
}
