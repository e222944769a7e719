/**
 * /booking with the booking store: both load with this route, so the home page's first download
 * carries no Redux. The home search hands its two places over in the navigation state.
 */
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Provider } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { BookingPage } from '../features/booking/BookingPage';
import { moveRestored, searchChosen } from '../store/bookingSlice';
import { bookAgainOf, searchHandoffOf } from '../lib/route-state';
import { draftForBookAgain } from './book-again';
import { store } from '../store/store';

export default function BookingRoute({ search }: { search: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const handoff = searchHandoffOf(location.state) ?? bookAgainOf(location.state);
  const applied = useRef<string | null>(null);
  // The chosen places become the move's two ends once, before the page paints; the state is then
  // dropped so that a reload, Back or Forward does not start the move again.
  useLayoutEffect(() => {
    const places = searchHandoffOf(location.state);
    const again = bookAgainOf(location.state);
    if ((!places && !again) || applied.current === location.key) return;
    applied.current = location.key;
    if (places) store.dispatch(searchChosen(places));
    // My moves' "Book this move again": the same move, for a new date.
    else if (again) store.dispatch(moveRestored(draftForBookAgain(again)));
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [location, navigate]);
  if (handoff) return null;
  return (
    <Provider store={store}>
      <BookingPage search={search} />
    </Provider>
  );
}
