/**
 * What the retrieve page says of a booking that is no longer going ahead (cancelled, or postponed as
 * `frozen`), beside the wire contract's `paymentStatus`, which keeps saying what was paid.
 */
import type { BookingRecord } from '@vanhop/contracts';
import { paidForText } from '../../lib/move-words';

const MY_MOVE = 'your My move page (the link in your booking e-mail)';

/**
 * The code alone shows no money movements (the refunded amount is behind the signed My move link),
 * so a cancelled booking says what was paid and where its refund is written, never a guessed amount.
 */
function refundWords(record: BookingRecord): string {
  if (record.paymentStatus === 'unpaid') return 'Nothing was paid for it, so there is nothing to refund.';
  return `You had paid for ${paidForText(record.paymentStatus)}: ${MY_MOVE} shows what was refunded to your card.`;
}

function postponedWords(record: BookingRecord): string {
  const kept =
    record.paymentStatus === 'unpaid' ? '' : `What you paid (${paidForText(record.paymentStatus)}) stays with it. `;
  return `${kept}Choose a new date within 12 months on ${MY_MOVE}.`;
}

export function RetrieveStanding({ record }: { record: BookingRecord & { state: 'cancelled' | 'frozen' } }) {
  const cancelled = record.state === 'cancelled';
  return (
    <div className="retrieve-paid">
      <p className="retrieve-paid-status" data-state={record.state}>
        {cancelled ? 'This booking was cancelled.' : 'This booking is postponed: it has no moving date yet.'}
      </p>
      <p data-testid="retrieve-standing">{cancelled ? refundWords(record) : postponedWords(record)}</p>
    </div>
  );
}
