import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import { searchChosen } from './bookingSlice';
import BookingForm from './BookingForm';
import { fakeApi } from '../../components/testing/fakeApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const priced = { json: { yourinfo: { receivedData: {} }, quote: { typeofVan: 'Large', typeOfWorker: 'Driver-Help' }, offers: [], preliminary: true } };

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

describe('BookingForm', () => {
  it('re-sends the booking whenever the number of addresses changes, and only then', async () => {
    const api = fakeApi({ 'POST /api/booking': () => priced });
    const store = renderForm();
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: '+ add stop' }));
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(2));
    const sent = api.of('POST', '/api/booking')[1].body as { addresses: { location: string; physicalAddress: string; stair: unknown }[]; vanSize: string; driverHelp: string };
    expect(sent.addresses.map((a) => a.location)).toEqual(['London NW2, UK', 'London NW2, UK', 'London SE1, UK']);
    expect(sent.addresses[1]).toMatchObject({ physicalAddress: '', stair: '' });
    expect(sent).toMatchObject({ vanSize: 'Large', driverHelp: 'Driver-Help' });

    // other edits do not re-price
    fireEvent.click(screen.getByLabelText(/Luton/));
    fireEvent.change(screen.getByLabelText('Building address', { selector: '#collection_address' }), { target: { value: '12 High Road' } });
    await waitFor(() => expect(store.getState().booking.addresses[0].physicalAddress).toBe('12 High Road'));
    expect(store.getState().booking.vanSize).toBe('Luton');
    expect(api.of('POST', '/api/booking')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove via stop 1' }));
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(3));
  });

  it('logs a failed send and shows nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    fakeApi({ 'POST /api/booking': () => ({ status: 503, json: { message: 'down' } }) });
    renderForm();
    await waitFor(() => expect(log).toHaveBeenCalledWith('There is an error when sending to back'));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {});
    log.mockRestore();
  });
});
