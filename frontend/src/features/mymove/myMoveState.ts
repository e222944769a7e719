/**
 * The My move page's state: the booking as the server last described it, which action is under way,
 * and what the last action did (measured against the booking before it, so a refund that arrives
 * later by polling still reads right).
 */
import type { MyMoveView } from '@vanhop/contracts';

export type ActionName = 'cancel' | 'postpone' | 'reactivate' | 'payBalance';

export interface Outcome {
  action: Exclude<ActionName, 'payBalance'>;
  before: MyMoveView;
}

export type MyMoveState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      view: MyMoveView;
      busy: ActionName | null;
      /** A refused or failed action, in the server's words when it gave some. */
      actionError: { action: ActionName; message: string; fields?: Record<string, string> } | null;
      outcome: Outcome | null;
    };

export type MyMoveEvent =
  | { type: 'loaded'; view: MyMoveView }
  | { type: 'not-found' }
  | { type: 'failed'; message: string }
  | { type: 'started'; action: ActionName }
  | { type: 'done'; action: Exclude<ActionName, 'payBalance'>; view: MyMoveView }
  | { type: 'refused'; action: ActionName; message: string; fields?: Record<string, string> }
  | { type: 'dismissed' }
  /** Back on the page (the browser's back button after leaving for the checkout): nothing is under way any more. */
  | { type: 'idle' };

export const initialMyMoveState: MyMoveState = { status: 'loading' };

export function myMoveReducer(state: MyMoveState, event: MyMoveEvent): MyMoveState {
  switch (event.type) {
    case 'loaded':
      return state.status === 'ready'
        ? { ...state, view: event.view }
        : { status: 'ready', view: event.view, busy: null, actionError: null, outcome: null };
    case 'not-found':
      return { status: 'not-found' };
    case 'failed':
      // a failed refresh must not hide a booking already on screen
      return state.status === 'ready' ? state : { status: 'failed', message: event.message };
    case 'started':
      return state.status === 'ready' ? { ...state, busy: event.action, actionError: null } : state;
    case 'done':
      return state.status === 'ready'
        ? {
            ...state,
            view: event.view,
            busy: null,
            actionError: null,
            outcome: { action: event.action, before: state.view },
          }
        : state;
    case 'refused':
      return state.status === 'ready'
        ? { ...state, busy: null, actionError: { action: event.action, message: event.message, fields: event.fields } }
        : state;
    case 'dismissed':
      return state.status === 'ready' ? { ...state, actionError: null } : state;
    case 'idle':
      return state.status === 'ready' ? { ...state, busy: null } : state;
  }
}

/** Money given back or on its way back to the card. */
const refundTotal = (v: MyMoveView) => v.money.refundedPence + v.money.refundPendingPence;

/** What an action changed in the money: the refund it caused, and whether that refund has reached the card. */
export function refundSince(before: MyMoveView, now: MyMoveView): { pence: number; pending: boolean } {
  const pence = Math.max(0, refundTotal(now) - refundTotal(before));
  return { pence, pending: pence > 0 && now.money.refundPendingPence > 0 };
}

/** A refund is asked of the card provider and confirmed by an event a moment later: look again until it is. */
export const needsPolling = (v: MyMoveView): boolean => v.money.refundPendingPence > 0;
