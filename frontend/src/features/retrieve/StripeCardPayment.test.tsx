import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';

// Stripe's own script cannot load in tests (no network): stand in for the SDK at its module boundary.
const confirmCardPayment = vi.fn();
const loadStripe = vi.fn();
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <div data-testid="card" />,
  useStripe: () => ({ confirmCardPayment }),
  useElements: () => ({ getElement: () => ({ card: true }) }),
}));

const { default: StripeCardPayment } = await import('./StripeCardPayment');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('StripeCardPayment', () => {
  it('shows the card error in red under the card field', async () => {
    loadStripe.mockResolvedValue({});
    confirmCardPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const onPaid = vi.fn();
    render(
      <StripeCardPayment
        publishableKey="pk_test_1"
        payLabel="Pay £60.00"
        prepare={async () => 'pi_secret'}
        onPaid={onPaid}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £60.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_secret', { payment_method: { card: { card: true } } });
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('reports a succeeded intent, and stops when prepare declines', async () => {
    loadStripe.mockResolvedValue({});
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    const onPaid = vi.fn(async () => {});
    let secret: string | null = null;
    render(
      <StripeCardPayment publishableKey="pk_test_2" payLabel="Pay" prepare={async () => secret} onPaid={onPaid} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', false));
    expect(confirmCardPayment).not.toHaveBeenCalled();
    secret = 'pi_secret';
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_9'));
  });

  it('says so when Stripe.js fails to load or is not available, and on exceptions', async () => {
    loadStripe.mockRejectedValueOnce(new Error('offline'));
    render(<StripeCardPayment publishableKey="pk_test_3" payLabel="Pay" prepare={async () => 's'} onPaid={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load Stripe.js');
    cleanup();

    loadStripe.mockResolvedValueOnce(null);
    render(<StripeCardPayment publishableKey="pk_test_4" payLabel="Pay" prepare={async () => 's'} onPaid={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Stripe.js not available');
    cleanup();

    loadStripe.mockResolvedValueOnce({});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    render(
      <StripeCardPayment
        publishableKey="pk_test_5"
        payLabel="Pay"
        prepare={() => Promise.reject(new Error('boom'))}
        onPaid={vi.fn()}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An Error happen when druing payment process');
  });
});
