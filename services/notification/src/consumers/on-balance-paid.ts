import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { balancePaidCustomerEmail, balancePaidDriverEmail } from '../domain/templates/balance-paid.js';

/** BalancePaid → the customer's receipt, and the driver told there is nothing left to collect. */
export const onBalancePaid =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.balancePaid, event);
    await notifier.email(`balance-paid.${eventId}.customer`, data.customer.email, balancePaidCustomerEmail(data, ctx));
    if (data.driver)
      await notifier.email(`balance-paid.${eventId}.driver`, data.driver.email, balancePaidDriverEmail(data));
  };
