import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DRIVER_CHOICE_MSG, type FreeDriversView, type MyMoveView } from '@vanhop/contracts';
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

const TOKEN = 'tok.en-2';
const PATH = myMoveApi(TOKEN);
const NOW = () => new Date('2026-12-01T09:20:00.000Z');

const change = {
  at: '2026-12-01T08:00:00.000Z',
  driverName: 'Dave Wilson',
  driverPricePence: 15696,
  chargesOnTheDay: [{ label: 'ULEZ daily charge (van registered before 2005)', amountPence: 1250 }],
  until: '2026-12-02T08:00:00.000Z',
  kept: false,
};

const free = (drivers: FreeDriversView['drivers']): FreeDriversView => ({ bookedPence: 15696, drivers });
const ada = { driverId: 'd-ada', name: 'Ada Mover', pricePence: 14000, chargesOnTheDay: [] };
const bo = {
  driverId: 'd-bo',
  name: 'Bo Vans',
  pricePence: 15696,
  chargesOnTheDay: [{ label: 'Congestion charge', amountPence: 1500 }],
};

const renderPage = () => renderMyMove({ token: TOKEN, now: NOW });

/** Answers GET with the views in turn (the last one repeats). */
const inTurn = <T,>(...list: T[]) => {
  let i = 0;
  return () => ({ json: list[Math.min(i++, list.length - 1)] });
};

describe('My move: choosing another driver after a change', () => {
  it('lists each free driver at what the customer would pay with their charges on the day, before any choice', async () => {
    const api = fakeApi({
      [`GET ${PATH}`]: inTurn<MyMoveView>(myMoveView({ driverChange: change })),
      [`GET ${PATH}/free-drivers`]: inTurn(free([ada, bo])),
    });
    renderPage();
    const panel = await screen.findByTestId('driver-change');
    expect(panel.textContent).toContain('choose another driver free for your move');
    // Nothing is read until asked.
    expect(api.of('GET', `${PATH}/free-drivers`)).toHaveLength(0);
    fireEvent.click(within(panel).getByRole('button', { name: 'Choose another driver' }));
    const rows = await within(panel).findAllByTestId('free-driver');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Ada Mover: you would pay £140.00. No congestion or ULEZ charge on the day. Choose Ada Mover',
      'Bo Vans: you would pay £156.96. Paid to Bo Vans on the day, not in the price: Congestion charge £15.00. Choose Bo Vans',
    ]);
    expect(api.of('POST', `${PATH}/choose-driver`)).toHaveLength(0);
  });

  it('choosing one gives them the move and the page follows', async () => {
    const chosen = myMoveView({ driverChange: undefined, driver: { id: 'd-ada', name: 'Ada Mover' } });
    const api = fakeApi({
      [`GET ${PATH}`]: inTurn<MyMoveView>(myMoveView({ driverChange: change }), chosen),
      [`GET ${PATH}/free-drivers`]: inTurn(free([ada, bo])),
      [`POST ${PATH}/choose-driver`]: () => ({ json: chosen }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose another driver' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Ada Mover' }));
    await waitFor(() => expect(screen.queryByTestId('driver-change')).toBeNull());
    expect(api.of('POST', `${PATH}/choose-driver`).map((c) => c.body)).toEqual([{ driverId: 'd-ada' }]);
    expect(document.body.textContent).toContain('DriverAda Mover');
  });

  it('a driver who got busy meanwhile: the refusal is shown and the list read again without them', async () => {
    fakeApi({
      [`GET ${PATH}`]: inTurn<MyMoveView>(myMoveView({ driverChange: change })),
      [`GET ${PATH}/free-drivers`]: inTurn(free([ada, bo]), free([bo])),
      [`POST ${PATH}/choose-driver`]: () => ({ status: 409, json: { message: DRIVER_CHOICE_MSG.notFree } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose another driver' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Ada Mover' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DRIVER_CHOICE_MSG.notFree);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Choose Ada Mover' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Choose Bo Vans' })).toBeShown();
  });

  it('no other driver free: says so', async () => {
    fakeApi({
      [`GET ${PATH}`]: inTurn<MyMoveView>(myMoveView({ driverChange: change })),
      [`GET ${PATH}/free-drivers`]: inTurn(free([])),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose another driver' }));
    await screen.findByText('No other driver is free for your move at that time.');
    expect(screen.queryAllByRole('button', { name: /^Choose / })).toEqual([]);
  });
});
