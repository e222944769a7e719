import { useCallback, useRef, useState } from 'react';

/** A one-shot check on the server-health page (docs/SCREENS.md). */
export type CheckState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; value: string }
  | { status: 'error' };

export const NOT_CHECKED_TEXT = 'Click Me to Check';
export const LOADING_TEXT = 'Loading...';
export const ERROR_TEXT = 'error';

export function checkText(state: CheckState): string {
  switch (state.status) {
    case 'idle':
      return NOT_CHECKED_TEXT;
    case 'loading':
      return LOADING_TEXT;
    case 'done':
      return state.value;
    case 'error':
      return ERROR_TEXT;
  }
}

/** Runs `probe` on demand; a rejection shows 'error' on the check's own button. Reset forgets the answer. */
export function useCheck(probe: () => Promise<string>) {
  const [state, setState] = useState<CheckState>({ status: 'idle' });
  // A reset while a check is under way must not be overwritten by its late answer.
  const run = useRef(0);
  const check = useCallback(async () => {
    const id = ++run.current;
    setState({ status: 'loading' });
    try {
      const value = await probe();
      if (id === run.current) setState({ status: 'done', value });
    } catch {
      if (id === run.current) setState({ status: 'error' });
    }
  }, [probe]);
  const reset = useCallback(() => {
    run.current++;
    setState({ status: 'idle' });
  }, []);
  return { state, check, reset };
}
