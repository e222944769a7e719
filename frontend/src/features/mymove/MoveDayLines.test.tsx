import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { JOB_PROGRESS_LINE } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { myMoveView } from '../../testing/my-move';
import { renderMyMove } from '../../testing/render-my-move';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The driver's steps on the day are lines in My move's history, in the product's words. */
describe('My move: the day of the move', () => {
  it('shows on my way, arrived and done as history lines', async () => {
    const base = myMoveView();
    const lines = [
      { at: '2026-12-12T08:40:00.000Z', kind: 'driver' as const, text: JOB_PROGRESS_LINE['on-my-way']('Dan Driver') },
      { at: '2026-12-12T09:55:00.000Z', kind: 'driver' as const, text: JOB_PROGRESS_LINE.arrived('Dan Driver') },
      { at: '2026-12-12T12:30:00.000Z', kind: 'driver' as const, text: JOB_PROGRESS_LINE.done('Dan Driver') },
    ];
    fakeApi({ 'GET /api/mymove/tok-1': () => ({ json: { ...base, history: [...base.history, ...lines] } }) });
    renderMyMove({ token: 'tok-1', now: () => new Date('2026-12-12T13:00:00.000Z') });
    const history = await screen.findByTestId('history');
    expect(
      within(history)
        .getAllByRole('listitem')
        .slice(-3)
        .map((li) => li.textContent),
    ).toEqual([
      '12 Dec 2026, 08:40Your driver Dan Driver is on the way',
      '12 Dec 2026, 09:55Dan Driver has arrived',
      '12 Dec 2026, 12:30Your move is done: thank you for moving with VanHop',
    ]);
  });
});
