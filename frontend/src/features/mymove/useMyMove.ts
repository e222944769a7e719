import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { MyMoveView } from '@vanhop/contracts';
import { ApiError, getMyMove } from '../../api/client';
import { initialMyMoveState, myMoveReducer, needsPolling, type ActionName } from './myMoveState';

export const LOAD_FAILED = 'We could not load your move just now. Please try again in a moment.';
const ACTION_FAILED = 'That did not go through. Nothing has changed: please try again in a moment.';

/** How often, and for how long, a pending refund is looked at again (the provider usually answers in seconds). */
export const POLL_MS = 2000;
const POLL_LIMIT = 60;

/**
 * Loads the booking behind a My move link and runs its actions. A 404 means the link is bad or
 * expired; a refused action (409, 400) keeps the booking on screen with the server's reason and
 * reloads it, since the refusal usually means it changed elsewhere.
 */
export function useMyMove(token: string) {
  const [state, dispatch] = useReducer(myMoveReducer, initialMyMoveState);
  const polls = useRef(0);

  const refresh = useCallback(async (): Promise<MyMoveView | null> => {
    try {
      const view = await getMyMove(token);
      dispatch({ type: 'loaded', view });
      return view;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) dispatch({ type: 'not-found' });
      else dispatch({ type: 'failed', message: LOAD_FAILED });
      return null;
    }
  }, [token]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A page restored from the back-forward cache still says "Please wait..." from before the checkout.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      dispatch({ type: 'idle' });
      void refresh();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [refresh]);

  const view = state.status === 'ready' ? state.view : null;
  const polling = view ? needsPolling(view) : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new view (a poll's answer) schedules the next poll.
  useEffect(() => {
    if (!polling) {
      polls.current = 0;
      return;
    }
    if (polls.current >= POLL_LIMIT) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void refresh();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, view, refresh]);

  /** Runs an action that answers the updated booking; false when it was refused or failed. */
  const run = useCallback(
    async (action: Exclude<ActionName, 'payBalance'>, call: () => Promise<MyMoveView>): Promise<boolean> => {
      dispatch({ type: 'started', action });
      try {
        dispatch({ type: 'done', action, view: await call() });
        return true;
      } catch (err) {
        refuse(dispatch, action, err);
        if (err instanceof ApiError && err.status === 409) void refresh();
        if (err instanceof ApiError && err.status === 404) dispatch({ type: 'not-found' });
        return false;
      }
    },
    [refresh],
  );

  /** Starts an action that leaves the page (the balance checkout). */
  const leave = useCallback(async (action: ActionName, call: () => Promise<{ url: string }>): Promise<void> => {
    dispatch({ type: 'started', action });
    try {
      const { url } = await call();
      window.location.assign(url);
    } catch (err) {
      refuse(dispatch, action, err);
    }
  }, []);

  const dismiss = useCallback(() => dispatch({ type: 'dismissed' }), []);

  return { state, refresh, run, leave, dismiss };
}

function refuse(dispatch: (e: Parameters<typeof myMoveReducer>[1]) => void, action: ActionName, err: unknown) {
  const known = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 404;
  dispatch({
    type: 'refused',
    action,
    message: known ? err.message : ACTION_FAILED,
    fields: known ? err.errors : undefined,
  });
}
