import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { streetPostcodeMessage } from '@vanhop/contracts';
import { createStore } from '../../store/store';
import { addressChanged, searchChosen } from '../../store/bookingSlice';
import BookingForm from './BookingForm';
import { fakeApi } from '../../testing/fakeApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const priced = {
  json: {
    yourinfo: { receivedData: {} },
    quote: { typeofVan: 'Large', typeOfWorker: 'Driver-Help' },
    offers: [],
    preliminary: true,
  },
};

function renderForm() {
  const store = createStore(null);
  store.dispatch(searchChosen({ pickup: 'London NW2, UK', dropoff: 'London SE1, UK' }));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <BookingForm />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const errorText = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

/** A postcode typed in a building address must be in the place chosen for that stop. */
describe('BookingForm: a postcode that contradicts the chosen place', () => {
  it('is refused under the building address, on either end and on a via stop, and Get Free Quote sends nothing', async () => {
    const api = fakeApi({ 'POST /api/booking': () => priced });
    const store = renderForm();
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(1));
    const pickup = screen.getByLabelText('Building address', { selector: '#collection_address' });
    fireEvent.change(pickup, { target: { value: '12 Cricklewood Lane, se1 9xx' } });
    fireEvent.blur(pickup);
    await waitFor(() => expect(errorText('collection_address')).toBe(streetPostcodeMessage('SE1 9XX', 'NW2')));
    expect(pickup.getAttribute('aria-invalid')).toBe('true');

    const delivery = screen.getByLabelText('Building address', { selector: '#delivery_address' });
    fireEvent.change(delivery, { target: { value: '5 Borough High St, NW2 1HS' } });
    fireEvent.blur(delivery);
    await waitFor(() => expect(errorText('delivery_address')).toBe(streetPostcodeMessage('NW2 1HS', 'SE1')));

    fireEvent.click(screen.getByRole('button', { name: '+ add stop' }));
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(2));
    const via = screen.getByTestId('via-stop');
    const viaAddress = via.querySelector('input[id$="-address"]') as HTMLInputElement;
    fireEvent.change(viaAddress, { target: { value: '1 Mile End Rd, E1 4AA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' }));
    // Still on the default place: only "choose its place" is said, nothing about the postcode yet.
    await waitFor(() => expect(via.textContent).toContain('choose its postcode or place'));
    expect(errorText(viaAddress.id)).toBeNull();
    // Its place chosen from the list (what StopPlaceInput does on a pick).
    const viaId = store.getState().booking.addresses[1]!.id;
    act(() => {
      store.dispatch(addressChanged({ id: viaId, location: 'London E14, UK' }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' }));
    await waitFor(() => expect(errorText(viaAddress.id)).toBe(streetPostcodeMessage('E1 4AA', 'E14')));
    expect(api.of('POST', '/api/booking')).toHaveLength(2);

    // In the place's district (or no postcode at all): accepted.
    fireEvent.change(pickup, { target: { value: '12 Cricklewood Lane, NW2 1HS' } });
    fireEvent.blur(pickup);
    await waitFor(() => expect(errorText('collection_address')).toBeNull());
  });
});
