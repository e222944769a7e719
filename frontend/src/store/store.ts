/** The Redux store: the shared booking data, kept in sessionStorage so a reload of /booking keeps the move. */
import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { bookingReducer, loadBookingDraft, saveBookingDraft } from './bookingSlice';

const storage = typeof sessionStorage === 'undefined' ? null : sessionStorage;

/** `session` null: a store that remembers nothing (tests). */
export function createStore(session: Storage | null = storage) {
  const store = configureStore({
    reducer: { booking: bookingReducer },
    preloadedState: { booking: loadBookingDraft(session ?? undefined) },
  });
  let last = store.getState().booking;
  store.subscribe(() => {
    const now = store.getState().booking;
    if (now !== last) {
      last = now;
      saveBookingDraft(session ?? undefined, now);
    }
  });
  return store;
}

export const store = createStore();

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
