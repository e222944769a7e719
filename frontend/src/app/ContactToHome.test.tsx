import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ContactPage } from '../features/contact/ContactPage';
import { HomePage } from '../features/home/HomePage';
import { createStore } from '../store/store';
import { fakeApi } from '../testing/fakeApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the contact page', () => {
  it('keeps the alert, then ends on the home page saying "Message sent." with the server\'s words', async () => {
    const thanks = 'Thank you for your message. Our team will get back to you shortly.';
    const api = fakeApi({
      'POST /api/contact/sendemail': () => ({ json: { message: thanks } }),
      'GET /api/reviews': () => ({ json: [] }),
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    render(
      <Provider store={createStore(null)}>
        <MemoryRouter initialEntries={['/contact']}>
          <Routes>
            <Route path="/contact" element={<ContactPage />} />
            <Route path="/" element={<HomePage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    type('Name', 'Amira Khan');
    type('E-mail', 'amira@example.com');
    type('Phone', '07700900123');
    type('Title', 'Piano move');
    type('Message', 'Can someone move an upright piano from NW2?');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect((await screen.findByTestId('home-notice')).textContent).toBe(`Message sent. ${thanks} We reply by e-mail.`);
    expect(alert).toHaveBeenCalledWith(thanks);
    expect(api.of('POST', '/api/contact/sendemail')).toHaveLength(1);
    expect(screen.queryByRole('form', { name: 'Contact form' })).toBeNull();
  });
});
