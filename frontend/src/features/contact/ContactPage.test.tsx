import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MSG } from '@vanhop/contracts';
import { ContactForm } from './ContactPage';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills every field with good values, ticks the consent box and sends. */
function sendMessage(message: string) {
  type('Name', 'Amira Khan');
  type('E-mail', 'amira@example.com');
  type('Phone', '07700900123');
  type('Title', 'Piano move');
  type('Message', message);
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('contact form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the contract message for every empty field on submit', async () => {
    const sent = vi.fn();
    vi.stubGlobal('fetch', sent);
    render(<ContactForm onSent={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const m = MSG.contact;
    const messages = [m.nameRequired, m.emailRequired, m.phoneRequired, m.titleRequired, m.messageRequired, m.agree];
    await waitFor(() => expect(screen.getAllByRole('alert').map((p) => p.textContent)).toEqual(messages));
    expect(sent).not.toHaveBeenCalled();
  });

  it('a refused submit brings the first field in error into view and focuses it (errors above the button on a phone)', async () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.getAttribute('name') ?? '');
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrollIntoView });
    render(<ContactForm onSent={() => {}} />);
    type('Name', 'Amira Khan');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(MSG.contact.emailRequired);
    await waitFor(() => expect(scrolled).toEqual(['email']));
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(document.activeElement?.getAttribute('name')).toBe('email');
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
  });

  it('shows the format messages for short names, bad e-mails and non-digit phones', async () => {
    render(<ContactForm onSent={() => {}} />);
    type('Name', 'Al');
    type('E-mail', 'not-an-email');
    type('Phone', '020-3000 ext');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByText(MSG.contact.nameMin)).getAttribute('role')).toBe('alert');
    expect(screen.getByText(MSG.contact.emailInvalid)).toBeShown();
    expect(screen.getByText(MSG.contact.phoneDigits)).toBeShown();
  });

  it('posts the message and hands the server answer on; alerts the generic text on failure', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: 'Thanks, we will reply soon.' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSent = vi.fn();
    render(<ContactForm onSent={onSent} />);
    sendMessage('Can someone move an upright piano from NW2?');
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('Thanks, we will reply soon.'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact/sendemail');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Amira Khan',
      email: 'amira@example.com',
      phone: '07700900123',
      title: 'Piano move',
      message: 'Can someone move an upright piano from NW2?',
      agree: true,
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"boom"}', { status: 500 })),
    );
    const alert = vi.fn();
    Object.defineProperty(window, 'alert', { value: alert, configurable: true, writable: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sendMessage('Second try');
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MSG.contact.sendFailed));
    expect(onSent).toHaveBeenCalledTimes(1);
  });
});
