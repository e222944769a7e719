/**
 * /booking: the address-entry screen until the move has 2 addresses, then the full form (a separate
 * chunk, so the home page never downloads it).
 */
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/store';
import { QuoteSearch } from '../home/QuoteSearch';

const BookingForm = lazy(() => import('./BookingForm'));

export function BookingPage() {
  const count = useAppSelector((s) => s.booking.addresses.length);
  if (count < 2) {
    return (
      <section className="booking-entry">
        <h1>Where are you moving?</h1>
        <p className="lead">Start with the pickup and dropoff postcodes; you can add stops on the next screen.</p>
        <QuoteSearch submitLabel="Continue" />
      </section>
    );
  }
  return (
    <Suspense fallback={<p>Loading...</p>}>
      <BookingForm />
    </Suspense>
  );
}
