/** A My move answer for component tests: a 30 % deposit on a £200 move, still in the cooling-off hour. */
import type { MyMoveView } from '@vanhop/contracts';

type Over = Partial<Omit<MyMoveView, 'money' | 'actions' | 'move'>> & {
  money?: Partial<MyMoveView['money']>;
  actions?: Partial<MyMoveView['actions']>;
  move?: Partial<MyMoveView['move']>;
};

export const FULL_REFUND_TERMS =
  'You are within the 1-hour cooling-off period: cancelling is free and everything you paid (£60.00) is refunded to your card.';

export function myMoveView(over: Over = {}): MyMoveView {
  const base: MyMoveView = {
    bookingId: 'b-1',
    randomNumber: 4242,
    state: 'active',
    paymentStatus: '30percentage',
    statusText: '30 % deposit paid',
    move: {
      date: '2026-12-12T10:00:00.000Z',
      addresses: [
        { location: 'London NW2, UK', physicalAddress: '12 Cricklewood Lane', stair: 2 },
        { location: 'London E1, UK', physicalAddress: '', stair: 0 },
        { location: 'London SE1, UK', physicalAddress: '5 Borough High Street', stair: 0 },
      ],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 2.5,
      description: 'A wardrobe and 10 boxes.',
    },
    customer: { name: 'Bob Carter', email: 'bob@example.com', phone: '07700900456' },
    driver: { id: 'drv-dan', name: 'Dan Driver' },
    money: { totalPence: 20000, paidPence: 6000, refundedPence: 0, refundPendingPence: 0, balancePence: 14000 },
    history: [
      { at: '2026-12-01T09:00:00.000Z', kind: 'saved', text: 'Quote saved' },
      { at: '2026-12-01T09:05:00.000Z', kind: 'paid', text: 'Booked: 30 % deposit of £60.00 paid', amountPence: 6000 },
    ],
    receipts: [
      {
        id: 'pay-pi_1',
        kind: 'payment',
        at: '2026-12-01T09:05:00.000Z',
        amountPence: 6000,
        description: '30 % deposit',
        provider: 'local',
        providerRef: 'pi_1',
      },
    ],
    actions: {
      payBalance: true,
      cancel: { allowed: true, refundPence: 6000, terms: FULL_REFUND_TERMS },
      postpone: { allowed: true },
      reactivate: { allowed: false, reason: 'Only a postponed booking can be given a new date.' },
    },
  };
  return {
    ...base,
    ...over,
    move: { ...base.move, ...over.move },
    money: { ...base.money, ...over.money },
    actions: { ...base.actions, ...over.actions },
  };
}
