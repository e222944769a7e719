/**
 * /booking with the booking store: both load with this route, so the home page's first download
 * carries no Redux. The home search hands its two places over in the navigation state.
 */
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Provider } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { BookingPage } from '../features/booking/BookingPage';
import { searchChosen } from './bookingSlice';
import { searchHandoffOf } from './route-state';
import { store } from './store';

export default function BookingRoute({ search }: { search: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const handoff = searchHandoffOf(location.state);
  const applied = useRef<string | null>(null);
  // The chosen places become the move's two ends once, before the page paints; the state is then
  // dropped so that a reload, Back or Forward does not start the move again.
  useLayoutEffect(() => {
    const places = searchHandoffOf(location.state);
    if (!places || applied.current === location.key) return;
    applied.current = location.key;
    store.dispatch(searchChosen(places));
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
