import { customerEmailKey } from '@vanhop/contracts';

/** The field booking records carry their customer's normalised e-mail in (set when a record is stored). */
export const CUSTOMER_EMAIL_KEY = 'customerEmailKey';

/** The key a record is stored with, so My moves finds it by an indexed query. */
export const withCustomerEmailKey = <T extends { quote: { email?: string } }>(
  record: T,
): T & { customerEmailKey: string } => ({
  ...record,
  customerEmailKey: customerEmailKey(record.quote.email ?? ''),
});
