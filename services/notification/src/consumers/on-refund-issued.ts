import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { refundIssuedEmail } from '../domain/templates/refund-issued.js';

/** RefundIssued (from payment) → the customer's refund receipt. */
export const onRefundIssued =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.refundIssued, event);
    await notifier.email(`refund-issued.${eventId}.customer`, data.customer.email, refundIssuedEmail(data, ctx));
  };
