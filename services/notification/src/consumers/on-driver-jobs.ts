import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { jobAcceptedCustomerEmail, jobAcceptedCustomerSms, jobAcceptedDriverEmail } from '../domain/templates/job-accepted.js';
import { ukPhoneToE164 } from '../domain/phone.js';
import { jobAcceptedOfficeEmail, jobOfferedDriverEmail, jobReassignedCustomerEmail, jobReturnedOfficeEmail } from '../domain/templates/driver-jobs.js';

/** JobOffered → the driver's offer mail. */
export const onJobOffered =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.jobOffered, event);
    await notifier.email(`job-offered.${eventId}.driver`, data.driver.email, jobOfferedDriverEmail(data, ctx));
  };

/**
 * JobAccepted → the office's notice; the customer is mailed and texted that their driver accepted,
 * and the driver gets the customer's contact (events from before they carried the customer: the
 * office's notice only).
 */
export const onJobAccepted =
  (notifier: Notifier, officeEmail: string, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.jobAccepted, event);
    await notifier.email(`job-accepted.${eventId}.office`, officeEmail, jobAcceptedOfficeEmail(data));
    const customer = data.customer;
    if (!customer) return;
    await notifier.email(`job-accepted.${eventId}.customer`, customer.email, jobAcceptedCustomerEmail(data, customer, ctx));
    await notifier.text(`job-accepted.${eventId}.sms`, ukPhoneToE164(customer.phone), jobAcceptedCustomerSms(data, ctx));
    await notifier.email(`job-accepted.${eventId}.driver`, data.driver.email, jobAcceptedDriverEmail(data, customer));
  };

/** JobReturned → the office is alerted: the booking needs a driver. */
export const onJobReturned =
  (notifier: Notifier, officeEmail: string, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.jobReturned, event);
    await notifier.email(`job-returned.${eventId}.office`, officeEmail, jobReturnedOfficeEmail(data, ctx));
  };

/** JobReassigned → the customer is told who their new driver is. */
export const onJobReassigned =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.jobReassigned, event);
    await notifier.email(`job-reassigned.${eventId}.customer`, data.customer.email, jobReassignedCustomerEmail(data, ctx));
  };
