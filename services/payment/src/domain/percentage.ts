import { MSG, PAYMENT_PERCENTAGES, type PaymentPercentage } from '@vanhop/contracts';
import { ValidationError } from '@vanhop/platform';

/** Only 30, 50 or 100 may be paid; anything else gets the spec's own message. */
export function parsePercentage(raw: unknown): PaymentPercentage {
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (!PAYMENT_PERCENTAGES.includes(n as PaymentPercentage)) {
    throw new ValidationError(MSG.payment.choosePercentage, { percentage: MSG.payment.choosePercentage });
  }
  return n as PaymentPercentage;
}
