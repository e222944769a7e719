import { myMovePath, type MyMoveView } from '@vanhop/contracts';
import { InternalHttpClient, type Logger } from '@vanhop/platform';
import type { MyMoveBookings, MyMoveOwner } from '../domain/conversation-email.js';

const isOwnedView = (v: unknown): v is Pick<MyMoveView, 'bookingId' | 'customer' | 'randomNumber'> => {
  const view = v as Partial<MyMoveView> | null;
  return typeof view?.bookingId === 'string' && typeof view.customer?.email === 'string';
};

/**
 * The booking service's own check of a My move link: `GET /api/mymove/:token` (booking verifies
 * the signature, the expiry and that the booking is live; 404 for anything else). The My move
 * secret stays with the booking service alone: a service that could check the token could also
 * make one, and a My move token can cancel a booking.
 */
export class BookingMyMoveBookings implements MyMoveBookings {
  private readonly client: InternalHttpClient;

  /** Short and not retried: the customer waits on it, and without an answer the chat starts unproved anyway. */
  constructor(baseUrl: string, logger?: Logger, timeoutMs = 3000) {
    this.client = new InternalHttpClient({ service: 'booking', baseUrl, timeoutMs, logger, retries: 0 });
  }

  async ownerOf(myMoveToken: string): Promise<MyMoveOwner | null> {
    const view = await this.client.get(`/api${myMovePath(encodeURIComponent(myMoveToken))}`, {
      accept: isOwnedView,
      on: { 404: () => null },
      onlyListed: true,
    });
    return (
      view && {
        bookingId: view.bookingId,
        email: view.customer.email,
        ...(typeof view.randomNumber === 'number' ? { reference: view.randomNumber } : {}),
        ...(typeof view.customer.name === 'string' ? { name: view.customer.name } : {}),
      }
    );
  }
}
