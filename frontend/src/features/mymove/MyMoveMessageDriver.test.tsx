import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { MyMoveView } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { myMoveView } from '../../testing/my-move';
import { renderMyMove } from '../../testing/render-my-move';
import { MyMoveMessageDriver } from './MyMoveMessageDriver';

const withDriver = (view: MyMoveView, id: string): MyMoveView => ({ ...view, driver: { id, name: 'Ali Hassan' } });

/** On the My move route, as MyMovePage renders it. */
const onMyMove = (view: MyMoveView) =>
  renderMyMove({ token: 'v1.bk.exp.sig', element: <MyMoveMessageDriver view={view} /> });

describe('message the driver from My move', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows nothing without a driver, nor for a cancelled booking', () => {
    const { container } = onMyMove({ ...myMoveView(), driver: null });
    expect(container.innerHTML).toBe('');
    cleanup();
    const cancelled = onMyMove({ ...withDriver(myMoveView(), 'drv-ali-hassan'), state: 'cancelled' });
    expect(cancelled.container.innerHTML).toBe('');
  });

  // The move is booked already, so the form must not speak of booking it.
  it('asks the customer to write to the driver about their booked move, never "before you book"', async () => {
    fakeApi({});
    onMyMove(withDriver(myMoveView(), 'drv-ali-hassan'));
    fireEvent.click(screen.getByRole('button', { name: 'Message Ali Hassan' }));
    await screen.findByLabelText('Message to Ali Hassan');
    expect(screen.getByText(/^Ask Ali Hassan about/).textContent).toBe(
      'Ask Ali Hassan about your move. Messages go through VanHop and we e-mail you the reply.',
    );
    expect(document.body.textContent).not.toContain('before you book');
  });

  it("sends a message about the booked move with the booking customer prefilled and the page's token as proof of the address", async () => {
    const view = withDriver(myMoveView(), 'drv-ali-hassan');
    const conversation = {
      id: 'c1',
      kind: 'driver',
      driverName: 'Ali Hassan',
      about: null,
      messages: [{ id: 'm1', from: 'customer', author: 'x', body: 'Parking?', at: '2026-03-01T10:00:00.000Z' }],
      canReply: true,
      emailStatus: 'verified',
    };
    const api = fakeApi({
      'POST /api/conversations/driver': () => ({
        status: 201,
        json: { token: 'v1.t', path: '/conversation/v1.t', conversation },
      }),
      'GET /api/conversations/v1.t': () => ({ json: conversation }),
    });
    onMyMove(view);
    fireEvent.click(screen.getByRole('button', { name: 'Message Ali Hassan' }));
    fireEvent.change(await screen.findByLabelText('Message to Ali Hassan'), { target: { value: 'Parking?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to Ali Hassan' }));
    await screen.findByText('Parking?');
    const sent = api.of('POST', '/api/conversations/driver')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      driverId: 'drv-ali-hassan',
      name: view.customer.name,
      email: view.customer.email,
      myMoveToken: 'v1.bk.exp.sig',
      about: { kind: 'booking', date: view.move.date, totalPrice: view.money.totalPence / 100 },
    });
    // Proved by the My move link: replies are mailed, so no note about confirming.
    expect(screen.queryByTestId('email-status')).toBeNull();
  });
});
