import { describe, expect, it } from 'vitest';
import { myMoveReducer, needsPolling, refundSince, type MyMoveState } from './myMoveState';
import { myMoveView } from '../../testing/my-move';

const ready = (): MyMoveState => myMoveReducer({ status: 'loading' }, { type: 'loaded', view: myMoveView() });

describe('My move state', () => {
  it('a failed refresh never hides a booking already on screen; a first failed load is shown', () => {
    expect(myMoveReducer(ready(), { type: 'failed', message: 'x' }).status).toBe('ready');
    expect(myMoveReducer({ status: 'loading' }, { type: 'failed', message: 'x' })).toEqual({
      status: 'failed',
      message: 'x',
    });
  });

  it('an action remembers the booking before it, and coming back to the page clears a stuck "busy"', () => {
    const started = myMoveReducer(ready(), { type: 'started', action: 'payBalance' });
    expect(started.status === 'ready' && started.busy).toBe('payBalance');
    const back = myMoveReducer(started, { type: 'idle' });
    expect(back.status === 'ready' && back.busy).toBeNull();
    const done = myMoveReducer(myMoveReducer(back, { type: 'started', action: 'cancel' }), {
      type: 'done',
      action: 'cancel',
      view: myMoveView({ state: 'cancelled' }),
    });
    expect(done.status === 'ready' && done.outcome?.before.state).toBe('active');
  });

  it('measures the refund an action caused, pending or arrived, and polls only while one is pending', () => {
    const before = myMoveView();
    const pending = myMoveView({ money: { refundPendingPence: 6000 } });
    const arrived = myMoveView({ money: { refundedPence: 6000 } });
    expect(refundSince(before, pending)).toEqual({ pence: 6000, pending: true });
    expect(refundSince(before, arrived)).toEqual({ pence: 6000, pending: false });
    expect(refundSince(before, before)).toEqual({ pence: 0, pending: false });
    expect(needsPolling(pending)).toBe(true);
    expect(needsPolling(arrived)).toBe(false);
  });
});
