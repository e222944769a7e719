import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import {
  jobAcceptedCustomerEmail,
  jobAcceptedCustomerSms,
  jobAcceptedDriverEmail,
} from '../domain/templates/job-accepted.js';
import { ukPhoneToE164 } from '../domain/phone.js';
import { jobReconfirmCustomerSms } from '../domain/templates/change-sms.js';
import { jobConflictFoundOfficeEmail } from '../domain/templates/job-conflict-found.js';
import { jobUnconfirmedSoonOfficeEmail } from '../domain/templates/job-unconfirmed-soon.js';
import {
  jobAcceptedOfficeEmail,
  jobOfferedDriverEmail,
  jobOfferedDriverSms,
  jobReassignedCustomerEmail,
  jobReconfirmCustomerEmail,
  jobReassignedCustomerSms,
  jobTakenDriverEmail,
  jobTakenDriverSms,
  jobReturnedCustomerEmail,
  jobReturnedCustomerSms,
  jobReturnedOfficeEmail,
} from '../domain/templates/driver-jobs.js';

/** JobOffered → the driver's offer mail, and a text with the time left to answer when their phone is known. */
export const onJobOffered =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.jobOffered, event);
    await notifier.email(`job-offered.${eventId}.driver`, data.driver.email, jobOfferedDriverEmail(data, ctx));
    if (data.driver.phone)
      await notifier.bookingText(
        `job-offered.${eventId}.sms`,
        ukPhoneToE164(data.driver.phone),
        jobOfferedDriverSms(data, occurredAt, ctx),
        { bookingId: data.bookingId, at: occurredAt },
      );
    // A driver asked to confirm a new time: the customer hears it from us (mail and text), not from a silent change.
    if (data.reconfirm)
      await notifier.email(
        `job-offered.${eventId}.customer`,
        data.reconfirm.customer.email,
        jobReconfirmCustomerEmail(data, data.reconfirm, ctx),
      );
    if (data.reconfirm?.customer.phone)
      await notifier.bookingText(
        `job-offered.${eventId}.customer-sms`,
        ukPhoneToE164(data.reconfirm.customer.phone),
        jobReconfirmCustomerSms(data, data.reconfirm, ctx),
        { bookingId: data.bookingId, at: occurredAt },
      );
  };

/**
 * JobAccepted → the office's notice; the customer is mailed and texted that their driver accepted,
 * and the driver gets the customer's contact (events from before they carried the customer: the
 * office's notice only).
 */
export const onJobAccepted =
  (notifier: Notifier, officeEmail: string, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.jobAccepted, event);
    await notifier.email(`job-accepted.${eventId}.office`, officeEmail, jobAcceptedOfficeEmail(data));
    const customer = data.customer;
    if (!customer) return;
    await notifier.email(
      `job-accepted.${eventId}.customer`,
      customer.email,
      jobAcceptedCustomerEmail(data, customer, ctx),
    );
    await notifier.bookingText(
      `job-accepted.${eventId}.sms`,
      ukPhoneToE164(customer.phone),
      jobAcceptedCustomerSms(data, ctx),
      { bookingId: data.bookingId, at: occurredAt },
    );
    await notifier.email(`job-accepted.${eventId}.driver`, data.driver.email, jobAcceptedDriverEmail(data, customer));
  };

/** JobReturned → the office is alerted: the booking needs a driver; the customer is told what they may choose. */
export const onJobReturned =
  (notifier: Notifier, officeEmail: string, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.jobReturned, event);
    await notifier.email(`job-returned.${eventId}.office`, officeEmail, jobReturnedOfficeEmail(data, ctx));
    if (data.customer)
      await notifier.email(
        `job-returned.${eventId}.customer`,
        data.customer.email,
        jobReturnedCustomerEmail(data, data.customer, ctx),
      );
    if (data.customer?.phone)
      await notifier.bookingText(
        `job-returned.${eventId}.sms`,
        ukPhoneToE164(data.customer.phone),
        jobReturnedCustomerSms(data, ctx),
        { bookingId: data.bookingId, at: occurredAt },
      );
  };

/**
 * JobReassigned → the customer is told by mail and text who their new driver is, and what they may
 * choose; a driver staff took the job from is told it is no longer theirs.
 */
export const onJobReassigned =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId, occurredAt } = await readEvent(TOPICS.jobReassigned, event);
    await notifier.email(
      `job-reassigned.${eventId}.customer`,
      data.customer.email,
      jobReassignedCustomerEmail(data, ctx),
    );
    if (data.customer.phone)
      await notifier.bookingText(
        `job-reassigned.${eventId}.sms`,
        ukPhoneToE164(data.customer.phone),
        jobReassignedCustomerSms(data, ctx),
        { bookingId: data.bookingId, at: occurredAt },
      );
    const previous = data.previousDriver;
    if (!previous) return;
    await notifier.email(
      `job-reassigned.${eventId}.previous-driver`,
      previous.email,
      jobTakenDriverEmail(data, previous, ctx),
    );
    if (previous.phone)
      await notifier.bookingText(
        `job-reassigned.${eventId}.previous-driver-sms`,
        ukPhoneToE164(previous.phone),
        jobTakenDriverSms(data, previous),
        { bookingId: data.bookingId, at: occurredAt },
      );
  };

/** JobUnconfirmedSoon → the office is alerted: a move within hours has no accepted driver. */
export const onJobUnconfirmedSoon =
  (notifier: Notifier, officeEmail: string, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.jobUnconfirmedSoon, event);
    await notifier.email(
      `job-unconfirmed-soon.${eventId}.office`,
      officeEmail,
      jobUnconfirmedSoonOfficeEmail(data, ctx),
    );
  };

/** JobConflictFound → the office is alerted: a day off or a lapsing document now stands in the way of a job. */
export const onJobConflictFound =
  (notifier: Notifier, officeEmail: string, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.jobConflictFound, event);
    await notifier.email(`job-conflict-found.${eventId}.office`, officeEmail, jobConflictFoundOfficeEmail(data, ctx));
  };
