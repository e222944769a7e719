import { createHash } from 'node:crypto';

/**
 * Who a checkout's hold on a driver belongs to, as quote and payment both name it: the customer's
 * contact e-mail, normalised and hashed so the driver-slot store never holds the address itself.
 * The same customer then sees (and can rebook) the driver their own unpaid checkout holds; an
 * empty address is nobody's.
 */
export function holdHolderOf(email: unknown): string | undefined {
  if (typeof email !== 'string') return undefined;
  const normalised = email.trim().toLowerCase();
  if (!normalised) return undefined;
  return createHash('sha256').update(`vanhop-hold:${normalised}`).digest('hex').slice(0, 32);
}
