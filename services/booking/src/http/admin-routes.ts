import type { Express, RequestHandler, Response } from 'express';
import {
  amendBookingSchema,
  bookingSearchQuerySchema,
  staffBookingPageQuerySchema,
  staffBookingIdParamsSchema,
  staffCancelSchema,
} from '@vanhop/contracts';
import { route, sendJsonArray, signedInStaff, validated } from '@vanhop/platform';
import type { ListBookings } from '../app/list-bookings.js';
import type { SearchBookings } from '../app/search-bookings.js';
import type { PageBookings } from '../app/page-bookings.js';
import type { GetStaffRecord } from '../app/get-staff-record.js';
import type { DeleteBooking } from '../app/delete-booking.js';
import type { AmendBooking } from '../app/amend-booking.js';
import type { StaffCancelBooking } from '../app/staff-cancel-booking.js';

const byId = validated(staffBookingIdParamsSchema, 'params', {
  invalid: { message: 'Invalid booking id', fields: { id: 'Invalid booking id' } },
});
const bookingId = (res: Response): string => byId.of(res).id;
/** The cancel body's shape; its refund limit is the record's own, checked once the record is read. */
const cancelBody = staffCancelSchema();

const pageQuery = validated(staffBookingPageQuerySchema, 'query', { what: 'List' });
const searchQuery = validated(bookingSearchQuerySchema, 'query', { what: 'Search' });
const amendment = validated(amendBookingSchema, 'body', { what: 'Amendment' });
const cancellation = validated(cancelBody, 'body', { what: 'Cancellation' });

/** Staff routes, each behind the staff token check (`staffOnly`). */
export function adminRoutes(
  app: Express,
  deps: {
    list: ListBookings;
    search: SearchBookings;
    page: PageBookings;
    record: GetStaffRecord;
    staffOnly: RequestHandler;
    amend: AmendBooking;
    remove: DeleteBooking;
    cancel: StaffCancelBooking;
  },
): void {
  // Written as it is read (sendJsonArray): a failure after the first bytes cuts the connection.
  app.get(
    '/api/backdata/all',
    deps.staffOnly,
    route(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      await sendJsonArray(res, deps.list.stream(), req.log);
    }),
  );

  // One page of the Quotation or Your Jobs list: ?kind=quotation|job&view=future|today|past&pageSize=&after=
  app.get(
    '/api/backdata/list',
    deps.staffOnly,
    pageQuery,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.page.execute(pageQuery.of(res)));
    }),
  );

  // One live record by id: a link to a record opens it without reading any list.
  app.get(
    '/api/backdata/record/:id',
    deps.staffOnly,
    byId,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.record.execute(bookingId(res)));
    }),
  );

  // The search box over the staff lists: a code, or part of a name, phone or e-mail; bounded answers.
  app.get(
    '/api/backdata/search',
    deps.staffOnly,
    searchQuery,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.search.execute(searchQuery.of(res).q));
    }),
  );

  app.delete(
    '/api/backdata/delete/:id',
    deps.staffOnly,
    byId,
    route(async (_req, res) => {
      res.json(await deps.remove.execute(bookingId(res), signedInStaff(res).username));
    }),
  );

  // Amendments agreed in Instant Support: date, hours, stops; re-priced, the difference paid or refunded.
  app.post(
    '/api/backdata/amend/:id',
    deps.staffOnly,
    byId,
    amendment,
    route(async (_req, res) => {
      res
        .set('Cache-Control', 'no-store')
        .json(await deps.amend.execute(bookingId(res), amendment.of(res), signedInStaff(res).username));
    }),
  );

  // A booking that took money is cancelled with the refund staff choose, never deleted.
  app.post(
    '/api/backdata/cancel/:id',
    deps.staffOnly,
    byId,
    cancellation,
    route(async (_req, res) => {
      const body = cancellation.of(res);
      res
        .set('Cache-Control', 'no-store')
        .json(await deps.cancel.execute(bookingId(res), body, signedInStaff(res).username));
    }),
  );
}
