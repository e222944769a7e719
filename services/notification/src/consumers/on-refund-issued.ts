import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { refundIssuedEmail } from '../domain/templates/refund-issued.js';
import { refundIssuedCustomerSms } from '../domain/templates/change-sms.js';
import { ukPhoneToE164 } from '../domain/phone.js';

/** RefundIssued (from payment) → the customer's refund receipt, and a text saying what came back. */
export const onRefundIssued =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.refundIssued, event);
    await notifier.email(`refund-issued.${eventId}.customer`, data.customer.email, refundIssuedEmail(data, ctx));
    await notifier.bookingText(
      `refund-issued.${eventId}.customer-sms`,
      ukPhoneToE164(data.customer.phone),
      refundIssuedCustomerSms(data, ctx),
      { bookingId: data.bookingId, at: occurredAt },
    );
  };
