import {
  AUTOMATIC_FALLBACK,
  CUSTOMER_CHOICE,
  driverChangeChoiceUntil,
  formatPence,
  timeLeftText,
  type JobAccepted,
  type JobOffered,
  type JobReassigned,
  type JobReturned,
  type JobReturnReason,
} from '@vanhop/contracts';
import { html } from '../html.js';
import { customerMoveMail } from './customer-move-mail.js';
import { hoursLabel, moveDate } from '../format.js';
import { layout, textFooter, type EmailContent, type TemplateContext } from './email-content.js';
import { moveSummaryHtml, moveSummaryText } from './move-summary.js';
import { myMoveUrl } from './my-move.js';

/** Where a driver answers: the portal's job list (sign-in first if needed). */
export const driverJobsUrl = (ctx: TemplateContext): string => `${ctx.publicUrl}/driver/jobs`;

/** JobOffered → the driver: a paid move is theirs if they accept before the deadline. */
export function jobOfferedDriverEmail(j: JobOffered, ctx: TemplateContext): EmailContent {
  const url = driverJobsUrl(ctx);
  const subject = j.reconfirm
    ? `Confirm the new time of job ${j.randomNumber} by ${moveDate(j.respondBy)}`
    : `Accept or decline job ${j.randomNumber} by ${moveDate(j.respondBy)}`;
  const line = j.reconfirm
    ? `Job ${j.randomNumber}, which you accepted, has moved to ${moveDate(j.move.date)}, outside the hours you work. Accept or decline the new time in your driver portal by ${moveDate(j.respondBy)}; after that it is offered to the next free driver.`
    : `A customer has booked and paid for a move with you (job ${j.randomNumber}). Accept or decline it in your driver portal by ${moveDate(j.respondBy)}; after that it is offered to the next free driver. The customer's details are in the portal.`;
  const text = [
    `Hello ${j.driver.name},`,
    '',
    line,
    '',
    moveSummaryText(j.move),
    '',
    `Answer here: ${url}`,
    textFooter,
  ].join('\n');
  const body = html`<p>Hello ${j.driver.name},</p>
<p>${line}</p>
${moveSummaryHtml(j.move)}
<p><a href="${url}" style="display:inline-block;background:#1a73e8;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Accept or decline</a></p>`;
  return { subject, text, html: layout(subject, body) };
}

/**
 * JobOffered → the driver's phone: the same offer by text, with the time left to answer counted
 * from when the offer was made (a text delivered late still names the deadline itself).
 */
export function jobOfferedDriverSms(j: JobOffered, offeredAt: string, ctx: TemplateContext): string {
  const left = timeLeftText(new Date(offeredAt), j.respondBy);
  const within = left ? `within ${left}, by ${moveDate(j.respondBy)}` : `by ${moveDate(j.respondBy)}`;
  if (j.reconfirm)
    return `VanHop: job ${j.randomNumber} has moved to ${moveDate(j.move.date)} (${hoursLabel(j.move.totalHour)}), outside your hours. Accept or decline the new time ${within}: ${driverJobsUrl(ctx)}`;
  return `VanHop: new job ${j.randomNumber} on ${moveDate(j.move.date)} (${hoursLabel(j.move.totalHour)}, ${j.move.typeofVan} van). Accept or decline ${within}: ${driverJobsUrl(ctx)}`;
}

/** JobAccepted → the office: nothing to do, the move is covered. */
export function jobAcceptedOfficeEmail(j: JobAccepted): EmailContent {
  const subject = `Job ${j.randomNumber} accepted by ${j.driver.name}`;
  const line = `${j.driver.name} (${j.driver.id}) accepted job ${j.randomNumber} for ${moveDate(j.move.date)}.`;
  const text = [line, '', moveSummaryText(j.move), textFooter].join('\n');
  const body = html`<p>${line}</p>
${moveSummaryHtml(j.move)}`;
  return { subject, text, html: layout(subject, body) };
}

/** Why a job came back, in the office mail's subject and first line. */
const RETURNED_WHY: Record<JobReturnReason, { subject: string; line: string }> = {
  declined: { subject: 'declined it', line: 'declined' },
  expired: { subject: 'did not answer', line: 'did not answer in time for' },
  // Staff suspended the driver: each of their upcoming jobs comes back with its own mail.
  suspended: { subject: 'is no longer available', line: 'is no longer available (suspended) for' },
  // Paid after its checkout lapsed, or moved in a race: another booking holds the driver then.
  'not-free': { subject: 'is booked for another move then', line: 'is booked for another move at the time of' },
};

/** JobReturned → the office: the booking needs a driver; the returning driver's time stays taken until then. */
export function jobReturnedOfficeEmail(j: JobReturned, ctx: TemplateContext): EmailContent {
  const why = RETURNED_WHY[j.because];
  const subject = `Job ${j.randomNumber} needs a driver: ${j.driver.name} ${why.subject}`;
  const time =
    j.because === 'not-free'
      ? 'The booking still names them but holds none of their time: reassign it.'
      : 'The booking still names them and keeps their time until you reassign it or it is cancelled.';
  const line = `${j.driver.name} (${j.driver.id}) ${why.line} job ${j.randomNumber} for ${moveDate(j.move.date)}. ${time}`;
  const url = `${ctx.publicUrl}/admin/drivers`;
  const text = [line, '', moveSummaryText(j.move), '', `Reassign it here: ${url}`, textFooter].join('\n');
  const body = html`<p>${line}</p>
${moveSummaryHtml(j.move)}
<p><a href="${url}">Reassign it</a></p>`;
  return { subject, text, html: layout(subject, body) };
}

/** Who found the new driver, in the customer's mail: the office by hand, or the platform at once. */
const reassignedLine = (j: JobReassigned): string =>
  j.reassignedBy === CUSTOMER_CHOICE
    ? `As you chose on your My move page, we have offered your move on ${moveDate(j.move.date)} to ${j.driver.name}. We will e-mail and text you as soon as ${j.driver.name} accepts.`
    : j.reassignedBy === AUTOMATIC_FALLBACK
      ? `Your driver cannot do your move on ${moveDate(j.move.date)}, so we have offered it to ${j.driver.name}, who is free at that time. We will e-mail and text you as soon as ${j.driver.name} accepts.`
      : `Your driver can no longer do your move on ${moveDate(j.move.date)}, so the office has booked ${j.driver.name} for it instead.`;

/**
 * What the change does to the price: a cheaper new driver's difference comes back to the card; a
 * dearer one costs the customer nothing more (the office bears it).
 */
const priceLine = (j: JobReassigned): string => {
  const booked = j.bookedPence;
  if (booked !== undefined && j.driverPricePence < booked)
    return `${j.driver.name}'s price for your move is ${formatPence(j.driverPricePence)}, less than the ${formatPence(booked)} you booked at, so you pay no more than their price: the difference of ${formatPence(booked - j.driverPricePence)} is refunded to your card.`;
  return 'Your price stays as you booked it: you pay nothing more for the change.';
};

/** The new driver's charges on the day (ULEZ, congestion), which the customer pays to them on the day. */
const chargesLine = (j: JobReassigned): string =>
  j.chargesOnTheDay && j.chargesOnTheDay.length > 0
    ? `Paid on the day with ${j.driver.name}, not in the price: ${j.chargesOnTheDay.map((c) => `${c.label} ${formatPence(c.amountPence)}`).join(', ')}.`
    : `${j.driver.name} has no congestion or ULEZ charge to add on the day for this move.`;

/**
 * The customer's say over the change, and until when. Their own choice opens no new window: the
 * one of the change that let them choose still runs (My move shows until when).
 */
const choiceLine = (j: JobReassigned): string =>
  j.reassignedBy === CUSTOMER_CHOICE
    ? 'Your My move page shows until when you can still cancel with everything you paid refunded.'
    : `If you would rather not move with ${j.driver.name}, you can choose another driver free for your move on your My move page, or cancel with everything you paid refunded, until ${moveDate(driverChangeChoiceUntil(j.at, j.move.date))}, whatever our usual cancellation terms say.`;

/** JobReassigned → the customer's phone: their driver changed, and where to see and choose. */
export function jobReassignedCustomerSms(j: JobReassigned, ctx: TemplateContext): string {
  if (j.reassignedBy === CUSTOMER_CHOICE)
    return `VanHop: as you chose, your move on ${moveDate(j.move.date)} (booking ${j.randomNumber}) is offered to ${j.driver.name}. We will text you when they accept.`;
  const link = j.myMovePath
    ? ` See the details, choose another driver or cancel for a full refund until ${moveDate(driverChangeChoiceUntil(j.at, j.move.date))}: ${myMoveUrl(ctx, j.myMovePath)}`
    : '';
  return `VanHop: your driver for ${moveDate(j.move.date)} (booking ${j.randomNumber}) has changed to ${j.driver.name}.${link}`;
}

/** JobReassigned → the customer: who their new driver is (the price they booked stands). */
export function jobReassignedCustomerEmail(j: JobReassigned, ctx: TemplateContext): EmailContent {
  const subject = `Your new driver for booking ${j.randomNumber}: ${j.driver.name}`;
  return customerMoveMail(ctx, {
    subject,
    name: j.customer.name,
    paragraphs: [reassignedLine(j), priceLine(j), chargesLine(j), choiceLine(j)],
    move: j.move,
    myMovePath: j.myMovePath,
  });
}

/**
 * JobReturned → the customer (events that carry them): no other driver could take the move at once.
 * The office is looking; meanwhile the customer may cancel for a full refund or postpone the move,
 * both on My move.
 */
export function jobReturnedCustomerEmail(
  j: JobReturned,
  customer: NonNullable<JobReturned['customer']>,
  ctx: TemplateContext,
): EmailContent {
  const subject = `We are finding a driver for your move on ${moveDate(j.move.date)}`;
  const line = `Your driver cannot do your move (booking ${j.randomNumber}) and no other driver is free at that time for the price you paid, so the office is finding you one and will e-mail you. If you would rather not wait, you can cancel for a full refund or postpone the move to another date on your My move page.`;
  return customerMoveMail(ctx, {
    subject,
    name: customer.name,
    paragraphs: [line],
    move: j.move,
    myMovePath: j.myMovePath,
  });
}

/**
 * JobOffered asking the driver to confirm a new time → the customer: the change is made, and the
 * driver is asked to confirm it by a time; they hear again either way.
 */
export function jobReconfirmCustomerEmail(
  j: JobOffered,
  reconfirm: NonNullable<JobOffered['reconfirm']>,
  ctx: TemplateContext,
): EmailContent {
  const subject = `Your driver is asked to confirm your new time: booking ${j.randomNumber}`;
  const line = `Your move (booking ${j.randomNumber}) is now on ${moveDate(j.move.date)}, which is outside the hours ${j.driver.name} works, so we have asked them to confirm it by ${moveDate(j.respondBy)}. We will e-mail you as soon as they do. If they cannot, we will offer your move to another driver free at that time for no more than you paid, or the office will find you one.`;
  return customerMoveMail(ctx, {
    subject,
    name: reconfirm.customer.name,
    paragraphs: [line],
    move: j.move,
    myMovePath: reconfirm.myMovePath,
  });
}

type PreviousDriver = NonNullable<JobReassigned['previousDriver']>;

const noLongerYours = (j: JobReassigned, d: PreviousDriver): string =>
  `${j.reassignedBy === CUSTOMER_CHOICE ? 'The customer has chosen another driver for' : 'The office has given'} job ${j.randomNumber} on ${moveDate(j.move.date)}${j.reassignedBy === CUSTOMER_CHOICE ? '' : ' to another driver'}${d.had === 'accepted' ? ', although you had accepted it' : ''}. You do not need to do anything: that time is free in your calendar again.`;

/** JobReassigned by staff, taken from a driver who still had it → that driver: the job is gone and their time is free. */
export function jobTakenDriverEmail(j: JobReassigned, d: PreviousDriver, ctx: TemplateContext): EmailContent {
  const subject = `Job ${j.randomNumber} on ${moveDate(j.move.date)} is no longer yours`;
  const line = noLongerYours(j, d);
  const url = driverJobsUrl(ctx);
  const text = [`Hello ${d.name},`, '', line, '', `Your jobs: ${url}`, textFooter].join('\n');
  const body = html`<p>Hello ${d.name},</p>
<p>${line}</p>
<p><a href="${url}">Your jobs</a></p>`;
  return { subject, text, html: layout(subject, body) };
}

export function jobTakenDriverSms(j: JobReassigned, d: PreviousDriver): string {
  return `VanHop: ${noLongerYours(j, d)}`;
}

/** JobReturned → the customer's phone: the driver is off the move (a text saying they accepted must not be the last word). */
export function jobReturnedCustomerSms(j: JobReturned, ctx: TemplateContext): string {
  const link = j.myMovePath ? ` ${myMoveUrl(ctx, j.myMovePath)}` : '';
  return `VanHop: your driver cannot do your move on ${moveDate(j.move.date)} (booking ${j.randomNumber}). The office is finding you another and will be in touch; you may also cancel for a full refund or postpone on My move.${link}`;
}
