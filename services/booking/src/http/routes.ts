import type { Express } from 'express';
import { retrieveQuerySchema, saveRetrieveSchema } from '@vanhop/contracts';
import { rateLimit, route, validated, type Cache } from '@vanhop/platform';
import type { FindLiveBooking } from '../app/find-live-booking.js';
import type { SaveQuote } from '../app/save-quote.js';
import { customerView } from '../domain/booking-record.js';

const savedQuote = validated(saveRetrieveSchema, 'body', { what: 'Saved quote' });
const retrieveQuery = validated(retrieveQuerySchema, 'query', {
  invalid: {
    message: 'randomNumber must be a whole number from 1 to 10000000',
    fields: { randomNumber: 'Invalid code' },
  },
});

/** Save for later and retrieve by code (docs/WIRE-CONTRACT.md, `saveRetrieve`). */
export function bookingRoutes(
  app: Express,
  deps: { find: FindLiveBooking; saveQuote: SaveQuote; cache: Cache; retrieveRateLimitPerMinute: number },
): void {
  const limit = (name: string) =>
    rateLimit(deps.cache, { name, limit: deps.retrieveRateLimitPerMinute, windowSeconds: 60 });

  app.post(
    '/api/saveRetrieve',
    limit('save-quote'),
    savedQuote,
    route(async (_req, res) => {
      const body = savedQuote.of(res);
      const record = await deps.saveQuote.execute({
        quote: body.quote as Record<string, unknown>,
        code: body.randomNumber,
        announce: true,
      });
      res.status(201).json({ data: customerView(record) });
    }),
  );

  app.get(
    '/api/saveRetrieve',
    limit('retrieve-quote'),
    // Digits only: `randomNumber[$gt]=0` arrives as an object and never reaches the store.
    retrieveQuery,
    route(async (_req, res) => {
      const { randomNumber: code } = retrieveQuery.of(res);
      const record = await deps.find.byCode(code);
      if (!record) {
        res.status(404).type('text/plain').send('No saved quote matches that code.');
        return;
      }
      res.json([customerView(record)]);
    }),
  );
}
