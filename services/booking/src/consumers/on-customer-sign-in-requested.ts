import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { CustomerSignIn } from '../app/customer-sign-in.js';

/** CustomerSignInRequested → a sign-in link (and its mail's event) when the address has records. */
export const onCustomerSignInRequested =
  (signIn: CustomerSignIn): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.customerSignInRequested, event);
    await signIn.issue(data, eventId);
  };
