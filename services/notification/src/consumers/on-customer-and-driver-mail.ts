import { TOPICS, type EventPayloads } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { EmailContent, TemplateContext } from '../domain/templates/email-content.js';
import { balancePaidCustomerEmail, balancePaidDriverEmail } from '../domain/templates/balance-paid.js';
import { bookingAmendedCustomerEmail, bookingAmendedDriverEmail } from '../domain/templates/booking-amended.js';
import { bookingPostponedCustomerEmail, bookingPostponedDriverEmail } from '../domain/templates/booking-postponed.js';
import { movedJobDriverSms } from '../domain/templates/moved-job-sms.js';
import {
  balancePaidCustomerSms,
  balancePaidDriverSms,
  bookingAmendedCustomerSms,
  bookingPostponedCustomerSms,
  bookingPostponedDriverSms,
  bookingReactivatedCustomerSms,
} from '../domain/templates/change-sms.js';
import { ukPhoneToE164 } from '../domain/phone.js';
import {
  bookingReactivatedCustomerEmail,
  bookingReactivatedDriverEmail,
} from '../domain/templates/booking-reactivated.js';

/** One event's pair of templates: the customer's mail, and the driver's when a driver is on the job. */
interface CustomerAndDriverTemplates<K extends keyof EventPayloads> {
  /** Names both mails in the notifier's send-once log (`<mail>.<eventId>.customer`): changing it would send again. */
  mail: string;
  customer: (data: EventPayloads[K], ctx: TemplateContext) => EmailContent;
  driver: (data: EventPayloads[K]) => EmailContent;
  /** The driver's text of the same news, where the product texts drivers (sent when their phone is known). */
  driverText?: (data: EventPayloads[K], ctx: TemplateContext) => string;
  /** The customer's text of the same news (every change of the booking is texted as well as mailed). */
  customerText?: (data: EventPayloads[K], ctx: TemplateContext) => string;
}

/** The events whose consumers differ only in their templates. Order is the subscription order. */
const CUSTOMER_AND_DRIVER_MAIL: {
  [K in
    | typeof TOPICS.bookingPostponed
    | typeof TOPICS.bookingReactivated
    | typeof TOPICS.bookingAmended
    | typeof TOPICS.balancePaid]: CustomerAndDriverTemplates<K>;
} = {
  /** The customer's confirmation (new date by when) and the driver's notice. */
  [TOPICS.bookingPostponed]: {
    mail: 'booking-postponed',
    customer: bookingPostponedCustomerEmail,
    driver: bookingPostponedDriverEmail,
    customerText: bookingPostponedCustomerSms,
    driverText: bookingPostponedDriverSms,
  },
  /** The customer's new-date confirmation (price change, balance or refund) and the driver's job sheet. */
  [TOPICS.bookingReactivated]: {
    mail: 'booking-reactivated',
    customer: bookingReactivatedCustomerEmail,
    driver: bookingReactivatedDriverEmail,
    driverText: movedJobDriverSms,
    customerText: bookingReactivatedCustomerSms,
  },
  /** The customer's note of the change (new price, balance or refund) and the driver's updated job sheet. */
  [TOPICS.bookingAmended]: {
    mail: 'booking-amended',
    customer: bookingAmendedCustomerEmail,
    driver: bookingAmendedDriverEmail,
    driverText: movedJobDriverSms,
    customerText: bookingAmendedCustomerSms,
  },
  /** The customer's receipt, and the driver told there is nothing left to collect. */
  [TOPICS.balancePaid]: {
    mail: 'balance-paid',
    customer: balancePaidCustomerEmail,
    driver: balancePaidDriverEmail,
    customerText: balancePaidCustomerSms,
    driverText: balancePaidDriverSms,
  },
};

export type CustomerAndDriverTopic = keyof typeof CUSTOMER_AND_DRIVER_MAIL;
export const CUSTOMER_AND_DRIVER_TOPICS = Object.keys(CUSTOMER_AND_DRIVER_MAIL) as CustomerAndDriverTopic[];

/** The event's mail to its customer, and to its driver when it names one (events before assignment name none). */
export const onCustomerAndDriverMail =
  <K extends CustomerAndDriverTopic>(topic: K, notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(topic, event);
    const templates: CustomerAndDriverTemplates<K> = CUSTOMER_AND_DRIVER_MAIL[topic];
    const about = { bookingId: data.bookingId, at: occurredAt };
    await notifier.email(`${templates.mail}.${eventId}.customer`, data.customer.email, templates.customer(data, ctx));
    if (templates.customerText)
      await notifier.bookingText(
        `${templates.mail}.${eventId}.customer-sms`,
        ukPhoneToE164(data.customer.phone),
        templates.customerText(data, ctx),
        about,
      );
    if (!data.driver) return;
    await notifier.email(`${templates.mail}.${eventId}.driver`, data.driver.email, templates.driver(data));
    if (templates.driverText && data.driver.phone)
      await notifier.bookingText(
        `${templates.mail}.${eventId}.driver-sms`,
        ukPhoneToE164(data.driver.phone),
        templates.driverText(data, ctx),
        about,
      );
  };
