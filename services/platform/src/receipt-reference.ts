import { createHash } from 'node:crypto';

/**
 * The reference a customer reads on a receipt (My move's printable receipt and the receipt e-mails),
 * and the id in the printable receipt's address, for the receipt stored as `receiptId` (booking's
 * `pay-<provider reference>` or `refund-<refund id>`). The provider's own reference cannot be shown:
 * a Checkout Session id is a credential of the success page, which answers with the My move link.
 * A digest is still one per receipt and the same wherever it is printed, and tells a reader nothing.
 */
export function receiptReference(receiptId: string): { id: string; reference: string } {
  const digest = createHash('sha256').update(`vanhop-receipt:${receiptId}`).digest('hex').slice(0, 16);
  return {
    id: `${receiptId.startsWith('refund-') ? 'refund' : 'pay'}-${digest}`,
    reference: `VH-${digest.toUpperCase()}`,
  };
}
