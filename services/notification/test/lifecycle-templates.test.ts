import { describe, expect, it } from 'vitest';
import {
  bookingCancelledCustomerEmail,
  bookingCancelledDriverEmail,
} from '../src/domain/templates/booking-cancelled.js';
import {
  bookingPostponedCustomerEmail,
  bookingPostponedDriverEmail,
} from '../src/domain/templates/booking-postponed.js';
import {
  bookingReactivatedCustomerEmail,
  bookingReactivatedDriverEmail,
} from '../src/domain/templates/booking-reactivated.js';
import { bookingAmendedCustomerEmail, bookingAmendedDriverEmail } from '../src/domain/templates/booking-amended.js';
import { balancePaidCustomerEmail, balancePaidDriverEmail } from '../src/domain/templates/balance-paid.js';
import { refundIssuedEmail } from '../src/domain/templates/refund-issued.js';
import { bookingConfirmedCustomerEmail } from '../src/domain/templates/booking-confirmed-customer.js';
import { bookingConfirmedSms } from '../src/domain/templates/booking-confirmed-sms.js';
import { bookingConfirmed, lifecycle } from './support/events.js';

const ctx = { publicUrl: 'https://vanhop.test' };
const link = `https://vanhop.test${lifecycle.myMovePath}`;
const hostile = `<script>alert("x")</script>&'`;
const customer = { name: hostile, email: 'a@example.com', phone: '0770' };

describe('life-after-booking e-mails', () => {
  const customerMails = {
    'booking confirmed': bookingConfirmedCustomerEmail(
      { ...bookingConfirmed, myMovePath: lifecycle.myMovePath },
      ctx,
      '2026-03-01T10:00:00.000Z',
    ),
    'cancelled in the cooling-off hour': bookingCancelledCustomerEmail(lifecycle.cancelledInCoolingOff, ctx),
    'cancelled later': bookingCancelledCustomerEmail(lifecycle.cancelledLate, ctx),
    postponed: bookingPostponedCustomerEmail(lifecycle.postponed, ctx),
    reactivated: bookingReactivatedCustomerEmail(lifecycle.reactivated, ctx),
    amended: bookingAmendedCustomerEmail(lifecycle.amended, ctx),
    'balance paid': balancePaidCustomerEmail(lifecycle.balancePaid, ctx),
    'refund issued': refundIssuedEmail(lifecycle.refundIssued, ctx),
  };

  it.each(Object.entries(customerMails))(
    '%s: the customer mail links to My move, in text and HTML, and never shows a raw status',
    (_name, mail) => {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      for (const body of [mail.text, mail.html, mail.subject]) expect(body).not.toMatch(/\d+percentage|\bunpaid\b/);
    },
  );

  it('the confirmation says the status in words and carries the payment receipt', () => {
    const { text } = customerMails['booking confirmed'];
    expect(text).toContain('Status: 30 % deposit paid');
    expect(text).toContain(
      'Payment receipt\nBooking reference: 4815162\nDate: Sunday, 1 March 2026 at 10:00\nFor: 30 % deposit\nAmount: £70.65\nMethod: Paid by card',
    );
  });

  it('the confirmation text message links to My move', () => {
    expect(bookingConfirmedSms({ ...bookingConfirmed, myMovePath: lifecycle.myMovePath }, ctx)).toContain(
      `Your booking: ${link}`,
    );
    // Events from before the page: no link to give, the e-mail has the details.
    expect(bookingConfirmedSms(bookingConfirmed, ctx)).toContain('Details by e-mail.');
  });

  it('a cancellation says whether a refund follows', () => {
    expect(customerMails['cancelled in the cooling-off hour'].text).toContain(
      'everything you paid, £70.65, is being refunded to your card',
    );
    expect(customerMails['cancelled later'].text).toContain('no money paid is refunded');
    const driver = bookingCancelledDriverEmail(lifecycle.cancelledLate);
    expect(driver.subject).toBe('Job 4815162 cancelled: Tuesday, 14 July 2026 at 09:00');
    expect(driver.text).toContain('You do not need to attend');
  });

  it('a staff cancellation gives the office’s reason and the refund staff chose, never who in the office', () => {
    const staff = {
      ...lifecycle.cancelledLate,
      refundPence: 4000,
      cancelledBy: 'staff' as const,
      reason: 'Your driver is unwell.',
      staffUsername: 'sue_support',
    };
    const mail = bookingCancelledCustomerEmail(staff, ctx);
    expect(mail.text).toContain(
      'VanHop has cancelled your booking: Your driver is unwell. £40.00 is being refunded to your card. A refund receipt follows by e-mail.',
    );
    expect(mail.text).not.toContain('cooling-off');
    expect(bookingCancelledCustomerEmail({ ...staff, refundPence: 0 }, ctx).text).toContain(
      'VanHop has cancelled your booking: Your driver is unwell. No money paid is refunded.',
    );
    const driver = bookingCancelledDriverEmail(staff);
    expect(driver.subject).toBe('Job 4815162 cancelled: Tuesday, 14 July 2026 at 09:00');
    expect(driver.text).toContain(
      'VanHop has cancelled job 4815162 for Ada <Lovelace> on Tuesday, 14 July 2026 at 09:00. You do not need to attend',
    );
    for (const m of [mail, driver]) expect(m.text + m.html).not.toContain('sue_support');
    // The reason is staff's free text: escaped in HTML like any customer value.
    expect(bookingCancelledCustomerEmail({ ...staff, reason: hostile }, ctx).html).not.toContain('<script>');
  });

  it('postponed and reactivated: the date to choose by, the new date, the price change and what is left to pay', () => {
    expect(customerMails.postponed.text).toContain('by 2 March 2027');
    expect(bookingPostponedDriverEmail(lifecycle.postponed).text).toContain('Do not attend on that date');
    const r = customerMails.reactivated.text;
    expect(r).toContain('booked again for Tuesday, 1 September 2026 at 10:00');
    expect(r).toContain('The price for the new date is £255.50 (it was £235.50).');
    expect(r).toContain('Left to pay: £184.85');
    expect(
      bookingReactivatedCustomerEmail(
        { ...lifecycle.reactivated, totalPricePence: 20000, balancePence: 0, refundPence: 3550 },
        ctx,
      ).text,
    ).toContain('£35.50 is being refunded to your card');
    expect(bookingReactivatedDriverEmail(lifecycle.reactivated).text).toContain(
      'Collect from the customer on the day: £184.85.',
    );
  });

  it('amended by staff: each change as now and before, the new price, the balance or the refund; the driver gets the new job sheet', () => {
    const mail = customerMails.amended;
    expect(mail.subject).toBe('Booking 4815162 changed: Wednesday, 15 July 2026 at 18:00');
    expect(mail.text).toContain(
      [
        'As agreed with VanHop Support, we have changed your move (booking 4815162):',
        'Date: Wednesday, 15 July 2026 at 18:00 (was Tuesday, 14 July 2026 at 09:00)',
        'Booked time: 5 hours (was 3 hours 30 minutes)',
        'Stops: Flat 3, 12 Cricklewood Lane, London NW2, UK / 2 Via Road, London W3, UK / 7 Broadway, Ealing, London W5, UK (was Flat 3, 12 Cricklewood Lane, London NW2, UK / 7 Broadway, Ealing, London W5, UK)',
        '',
        'The new price is £315.50 (it was £235.50).',
        'Left to pay: £244.85, online on your My move page or to the driver on the day.',
      ].join('\n'),
    );
    // The move as it is now, via stop included.
    expect(mail.text).toContain('Via stop: 2 Via Road, London W3, UK (1 flight of stairs)');
    expect(mail.html).toContain('<p><strong>The new price is £315.50 (it was £235.50).</strong></p>');
    // Only what changed is listed.
    const hoursOnly = bookingAmendedCustomerEmail(
      { ...lifecycle.amended, changed: ['hours'], totalPricePence: 20000, balancePence: 0, refundPence: 3550 },
      ctx,
    ).text;
    expect(hoursOnly).toContain(
      'we have changed your move (booking 4815162):\nBooked time: 5 hours (was 3 hours 30 minutes)\n\nThe new price is £200.00',
    );
    expect(hoursOnly).toContain('You paid more than the new price: £35.50 is being refunded to your card.');
    expect(bookingAmendedCustomerEmail({ ...lifecycle.amended, totalPricePence: 23550 }, ctx).text).toContain(
      'The price is unchanged: £235.50.',
    );

    const driver = bookingAmendedDriverEmail(lifecycle.amended);
    expect(driver.subject).toBe('Job 4815162 changed: Wednesday, 15 July 2026 at 18:00');
    expect(driver.replyTo).toBe(lifecycle.amended.customer.email);
    expect(driver.text).toContain(
      "Job 4815162 for Ada <Lovelace> has been changed at the customer's request:\nDate: Wednesday, 15 July 2026 at 18:00",
    );
    expect(driver.text).toContain('Customer: Ada <Lovelace>, ada@example.com, 07700900123');
    expect(driver.text).toContain('Total price: £315.50\nCollect from the customer on the day: £244.85.');
    expect(bookingAmendedDriverEmail({ ...lifecycle.amended, balancePence: 0 }).text).toContain(
      'Paid in full online: nothing to collect.',
    );
    // The staff member's name is for the record, not for the customer's or the driver's mail.
    for (const m of [mail, driver]) expect(m.text + m.html).not.toContain('sue_support');
  });

  it('receipts for the balance and the refund; the driver is told not to collect a balance paid online', () => {
    expect(customerMails['balance paid'].text).toContain(
      'Payment receipt\nBooking reference: 4815162\nDate: Tuesday, 3 March 2026 at 12:00\nFor: Balance\nAmount: £164.85\nMethod: Paid by card',
    );
    expect(balancePaidDriverEmail(lifecycle.balancePaid).subject).toBe(
      'Job 4815162: balance paid online, nothing to collect',
    );
    expect(customerMails['refund issued'].subject).toBe('Refund receipt: £70.65 for booking 4815162');
    expect(customerMails['refund issued'].text).toContain(
      'Refund receipt\nBooking reference: 4815162\nDate: Sunday, 1 March 2026 at 10:31\nFor: Cancellation in the cooling-off period\nAmount: £70.65\nMethod: Refunded to your card',
    );
    // A receipt is what a customer forwards: the provider's references (a Checkout Session id opens
    // the success page's My move link) are never in it.
    const balanceMail = customerMails['balance paid'];
    const refundMail = customerMails['refund issued'];
    expect(balanceMail.text + balanceMail.html).not.toContain('cs_test_balance');
    expect(refundMail.text + refundMail.html).not.toContain('re_123');
  });

  it.each([
    ['cancelled', bookingCancelledCustomerEmail({ ...lifecycle.cancelledInCoolingOff, customer }, ctx).html],
    [
      'cancelled (driver)',
      bookingCancelledDriverEmail({
        ...lifecycle.cancelledLate,
        customer,
        move: { ...lifecycle.cancelledLate.move, description: hostile },
      }).html,
    ],
    ['postponed', bookingPostponedCustomerEmail({ ...lifecycle.postponed, customer }, ctx).html],
    ['postponed (driver)', bookingPostponedDriverEmail({ ...lifecycle.postponed, customer }).html],
    ['reactivated', bookingReactivatedCustomerEmail({ ...lifecycle.reactivated, customer }, ctx).html],
    ['reactivated (driver)', bookingReactivatedDriverEmail({ ...lifecycle.reactivated, customer }).html],
    [
      'amended',
      bookingAmendedCustomerEmail(
        {
          ...lifecycle.amended,
          customer,
          move: { ...lifecycle.amended.move, addresses: [{ location: hostile, physicalAddress: hostile, stair: 0 }] },
        },
        ctx,
      ).html,
    ],
    [
      'amended (driver)',
      bookingAmendedDriverEmail({
        ...lifecycle.amended,
        customer,
        previousMove: {
          ...lifecycle.amended.previousMove,
          addresses: [{ location: hostile, physicalAddress: '', stair: 0 }],
        },
      }).html,
    ],
    ['balance paid', balancePaidCustomerEmail({ ...lifecycle.balancePaid, customer, providerRef: hostile }, ctx).html],
    ['balance paid (driver)', balancePaidDriverEmail({ ...lifecycle.balancePaid, customer }).html],
    ['refund issued', refundIssuedEmail({ ...lifecycle.refundIssued, customer, providerRefs: [hostile] }, ctx).html],
    ['link', refundIssuedEmail({ ...lifecycle.refundIssued, myMovePath: `/mymove/"><script>x</script>` }, ctx).html],
  ])('%s escapes customer values in HTML', (_name, body) => {
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;');
  });
});
