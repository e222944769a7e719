import { MSG, paymentPercentageSchema, type PaymentPercentage } from '@vanhop/contracts';
import { ValidationError } from '@vanhop/platform';

/** Only 30, 50 or 100 may be paid (contracts schema); anything else gets the spec's own message. */
export function parsePercentage(raw: unknown): PaymentPercentage {
  try {
    return paymentPercentageSchema.validateSync(raw) as PaymentPercentage;
  } catch {
    throw new ValidationError(MSG.payment.choosePercentage, { percentage: MSG.payment.choosePercentage });
  }
}
