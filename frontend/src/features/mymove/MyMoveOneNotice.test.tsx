/**
 * My move says each thing once: after the customer cancels or postpones, the page does not show
 * both the standing line ("This booking is cancelled and refunded…") and the action's outcome
 * ("Your move is cancelled. … refunded…"). A later visit shows the standing line alone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyMoveView } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { myMoveView } from '../../testing/my-move';
import { myMoveApi, renderMyMove } from '../../testing/render-my-move';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = myMoveApi();
// Inside the cooling-off hour of the fixture's payment.
const NOW = () => new Date('2026-12-01T09:20:00.000Z');

const renderPage = () => renderMyMove({ now: NOW });

/** How many separate pieces of text on the page say this. */
const timesSaid = (words: RegExp) => screen.queryAllByText(words).length;

const cancelledAndRefunded = myMoveView({
  state: 'cancelled',
  statusText: 'Cancelled',
  money: { refundedPence: 6000, balancePence: 0 },
  actions: {
    payBalance: false,
    cancel: { allowed: false, reason: 'This booking is already cancelled.', refundPence: 0, terms: '' },
    postpone: { allowed: false, reason: 'This booking is cancelled.' },
  },
});

const postponed = myMoveView({
  state: 'frozen',
  statusText: 'Postponed',
  actions: {
    payBalance: false,
    postpone: { allowed: false, reason: 'This booking is already postponed.' },
    reactivate: { allowed: true, latest: '2027-12-01T09:30:00.000Z' },
  },
});

describe('My move shows each notice once', () => {
  it('after cancelling: the cancellation and its refund are said once, then by the standing line on a later visit', async () => {
    let answer: MyMoveView = myMoveView();
    fakeApi({
      [`GET ${PATH}`]: () => ({ json: answer }),
      [`POST ${PATH}/cancel`]: () => {
        answer = cancelledAndRefunded;
        return { json: cancelledAndRefunded };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel my move' }));
    const box = await screen.findByRole('group', { name: 'Before you cancel' });
    fireEvent.click(within(box).getByRole('button', { name: 'Yes, cancel my move' }));
    await waitFor(() => expect(screen.getByTestId('move-status').textContent).toBe('Cancelled'));

    expect(screen.getByTestId('outcome').textContent).toContain('£60.00 has been refunded to your card.');
    expect(timesSaid(/refunded to your card/)).toBe(1);
    expect(timesSaid(/^(Your move|This booking) is cancelled[.:]? /)).toBe(1);
    expect(screen.queryByTestId('move-standing')).toBeNull();

    // A later visit: no outcome, the standing line says it.
    cleanup();
    renderPage();
    expect((await screen.findByTestId('move-standing')).textContent).toBe(
      'This booking is cancelled and refunded: £60.00 has been refunded to your card.',
    );
    expect(screen.queryByTestId('outcome')).toBeNull();
    expect(timesSaid(/refunded to your card/)).toBe(1);
  });

  it('after postponing: "postponed" is said once (not again above the new-date picker)', async () => {
    let answer: MyMoveView = myMoveView();
    fakeApi({
      [`GET ${PATH}`]: () => ({ json: answer }),
      [`POST ${PATH}/postpone`]: () => {
        answer = postponed;
        return { json: postponed };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Postpone my move' }));
    const box = screen.getByRole('group', { name: 'Before you postpone' });
    fireEvent.click(within(box).getByRole('button', { name: 'Yes, postpone my move' }));
    await waitFor(() => expect(screen.getByTestId('move-status').textContent).toBe('Postponed'));

    expect(screen.getByTestId('outcome').textContent).toBe(
      'Your move is postponed. Choose a new date by 1 December 2027.',
    );
    expect(timesSaid(/is postponed/)).toBe(1);
  });

  it('a postponed booking visited later says so by its standing line', async () => {
    fakeApi({ [`GET ${PATH}`]: () => ({ json: postponed }) });
    renderPage();
    expect((await screen.findByTestId('move-standing')).textContent).toBe(
      'This booking is postponed: it has no moving date yet. Choose a new date on your My move page.',
    );
    expect(screen.queryByTestId('outcome')).toBeNull();
    expect(timesSaid(/is postponed/)).toBe(1);
  });
});
