/**
 * /booking: the address-entry screen until the move has 2 addresses, then the full form (a separate
 * chunk, so the home page never downloads it).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useAppSelector } from '../../store/store';

const BookingForm = lazy(() => import('./BookingForm'));

/** `search` is the postcode search (home's, with its own words): the app puts it here. */
export function BookingPage({ search }: { search: ReactNode }) {
  const count = useAppSelector((s) => s.booking.addresses.length);
  if (count < 2) {
    return (
      <section className="booking-entry">
        <h1>Where are you moving?</h1>
        <p className="lead">Start with the pickup and dropoff postcodes; you can add stops on the next screen.</p>
        {search}
      </section>
    );
  }
  return (
    <Suspense fallback={<p>Loading...</p>}>
      <BookingForm />
    </Suspense>
  );
}
