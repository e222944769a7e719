import { PAYMENT_PERCENTAGES, type PaymentPercentage } from '@vanhop/contracts';
import { shareOf } from '../lib/money';

/** The share to pay now (30, 50 or 100 %), each with its amount: the quote panel's and the retrieve page's. */
export function DepositChoice({
  totalPrice,
  percentage,
  onChange,
}: {
  /** The quote's total, in pounds. */
  totalPrice: number;
  percentage: PaymentPercentage | null | undefined;
  onChange: (percentage: PaymentPercentage) => void;
}) {
  return (
    <fieldset className="deposit">
      <legend>How much would you like to pay now?</legend>
      {PAYMENT_PERCENTAGES.map((p) => (
        <label key={p}>
          <input type="radio" name="percentage" value={p} checked={percentage === p} onChange={() => onChange(p)} />
          {p}% <span className="deposit-amount">{shareOf(totalPrice, p)}</span>
        </label>
      ))}
    </fieldset>
  );
}
