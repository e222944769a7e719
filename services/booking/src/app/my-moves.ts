import {
  CUSTOMER_ACCOUNT_MSG,
  customerStatusText,
  MY_MOVES_PAGE_SIZE,
  poundsToPence,
  type BookAgainDraft,
  type BookingRequest,
  type MyMovesItem,
  type MyMovesPage,
  type SavedAddress,
} from '@vanhop/contracts';
import { NotFoundError, type Clock } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import type { CustomerBookingsReader } from '../domain/customer-account.js';
import type { MyMoveLinks } from '../domain/my-move-link.js';
import type { CustomerIdentity } from './customer-sign-in.js';

/** Records the saved-addresses list reads (the newest): enough for anyone's own address book. */
const ADDRESS_SOURCE_RECORDS = 100;

/**
 * "My moves": the signed-in customer's records, each with the signed link to its My move page
 * (minted here, as the account proves the e-mail the record was made with), the move to book again
 * and the addresses used before. Another customer's record answers 404, like a missing one.
 */
export class MyMoves {
  constructor(private readonly deps: { bookings: CustomerBookingsReader; links: MyMoveLinks; clock: Clock }) {}

  async page(who: CustomerIdentity, page: number): Promise<MyMovesPage> {
    const size = MY_MOVES_PAGE_SIZE;
    const records = await this.deps.bookings.pageFor(who.emailKey, (page - 1) * size, size + 1);
    const now = this.deps.clock.now().getTime();
    return {
      email: who.emailKey,
      moves: records.slice(0, size).map((r) => this.item(r, now)),
      page,
      pageSize: size,
      hasMore: records.length > size,
    };
  }

  async open(who: CustomerIdentity, ref: string): Promise<{ myMovePath: string }> {
    return { myMovePath: this.pathOf(await this.owned(who, ref)) };
  }

  /** The move again for a new date: the same stops, items, van, help and hours; no date, no driver. */
  async again(who: CustomerIdentity, ref: string): Promise<BookAgainDraft> {
    const record = await this.owned(who, ref);
    const { date: _date, ...request } = (record.request ?? {}) as Partial<BookingRequest>;
    const q = record.quote;
    return {
      addresses: request.addresses ?? q.totalAddress,
      vanSize: request.vanSize ?? q.typeofVan,
      driverHelp: request.driverHelp ?? q.typeOfWorker,
      hour: request.hour ?? q.totalHour,
      description: request.description ?? q.description,
      name: request.name ?? q.name,
      email: request.email ?? q.email,
      phone: request.phone ?? q.phone,
      ...(request.items ? { items: request.items } : {}),
    };
  }

  /** The distinct addresses of the customer's newest records, most recent first. */
  async addresses(who: CustomerIdentity): Promise<SavedAddress[]> {
    const records = await this.deps.bookings.pageFor(who.emailKey, 0, ADDRESS_SOURCE_RECORDS);
    const seen = new Map<string, SavedAddress>();
    for (const r of records)
      for (const a of r.quote.totalAddress ?? []) {
        const physicalAddress = (a.physicalAddress ?? '').trim();
        if (!physicalAddress) continue;
        const key = `${a.location}\n${physicalAddress.toLowerCase()}`;
        if (!seen.has(key)) seen.set(key, { location: a.location, physicalAddress });
      }
    return [...seen.values()];
  }

  private async owned(who: CustomerIdentity, ref: string): Promise<StoredBooking> {
    const record = await this.deps.bookings.ownedBy(who.emailKey, ref);
    if (!record) throw new NotFoundError(CUSTOMER_ACCOUNT_MSG.notYours);
    return record;
  }

  private pathOf(r: StoredBooking): string {
    return this.deps.links.pathFor({ _id: r._id, moveDate: r.quote.date || r.date, savedAt: r.date });
  }

  private item(r: StoredBooking, now: number): MyMovesItem {
    const moveAt = Date.parse(r.quote.date);
    const state = r.state ?? 'active';
    return {
      bookingId: r._id,
      randomNumber: r.randomNumber,
      moveDate: r.quote.date ?? '',
      upcoming: !Number.isNaN(moveAt) && moveAt >= now && state !== 'cancelled',
      kind: r.paymentStatus === 'unpaid' ? 'saved-quote' : 'booking',
      statusText:
        r.paymentStatus === 'unpaid' && state === 'active'
          ? 'Saved quote'
          : customerStatusText({
              state,
              paymentStatus: r.paymentStatus,
              balancePence: poundsToPence(r.OutstandingBalance ?? 0),
            }),
      places: r.quote.places ?? r.quote.totalAddress.map((a) => a.location),
      van: r.quote.typeofVan,
      totalPricePence: poundsToPence(r.quote.totalPrice ?? 0),
      myMovePath: this.pathOf(r),
    };
  }
}
