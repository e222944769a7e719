import type { Express, RequestHandler, Response } from 'express';
import {
  amendBookingSchema,
  bookingSearchQuerySchema,
  staffBookingPageQuerySchema,
  staffBookingIdParamsSchema,
  staffCancelSchema,
} from '@vanhop/contracts';
import { input, route, signedInStaff, validated } from '@vanhop/platform';
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
const bookingId = (res: Response): string => input(res, 'params', staffBookingIdParamsSchema).id;
/** The cancel body's shape; its refund limit is the record's own, checked once the record is read. */
const cancelBody = staffCancelSchema();

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
  app.get(
    '/api/backdata/all',
    deps.staffOnly,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.list.execute());
    }),
  );

  // One page of the Quotation or Your Jobs list: ?kind=quotation|job&view=future|today|past&pageSize=&after=
  app.get(
    '/api/backdata/list',
    deps.staffOnly,
    validated(staffBookingPageQuerySchema, 'query', { what: 'List' }),
    route(async (_req, res) => {
      res
        .set('Cache-Control', 'no-store')
        .json(await deps.page.execute(input(res, 'query', staffBookingPageQuerySchema)));
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
    validated(bookingSearchQuerySchema, 'query', { what: 'Search' }),
    route(async (_req, res) => {
      res
        .set('Cache-Control', 'no-store')
        .json(await deps.search.execute(input(res, 'query', bookingSearchQuerySchema).q));
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
    validated(amendBookingSchema, 'body', { what: 'Amendment' }),
    route(async (_req, res) => {
      res
        .set('Cache-Control', 'no-store')
        .json(
          await deps.amend.execute(bookingId(res), input(res, 'body', amendBookingSchema), signedInStaff(res).username),
        );
    }),
  );

  // A booking that took money is cancelled with the refund staff choose, never deleted.
  app.post(
    '/api/backdata/cancel/:id',
    deps.staffOnly,
    byId,
    validated(cancelBody, 'body', { what: 'Cancellation' }),
    route(async (_req, res) => {
      const body = input(res, 'body', cancelBody);
      res
        .set('Cache-Control', 'no-store')
        .json(await deps.cancel.execute(bookingId(res), body, signedInStaff(res).username));
    }),
  );
}
