import { formatPounds, penceToPounds, poundsToPence, shareOfPence, type PaymentPercentage } from '@vanhop/contracts';

/** The amount a deposit share pays, as money for people ("£1,234.50"; computed in pence). */
export const shareOf = (totalPounds: number, percentage: PaymentPercentage): string =>
  formatPounds(penceToPounds(shareOfPence(poundsToPence(totalPounds), percentage)));
