import { formatPence } from '@vanhop/contracts';
import type { QuoteSaved } from '@vanhop/contracts';

/** The saved quote's link by text, as the booking form promises ("Save your quote for later and we will text and e-mail you a link to it"). */
export function quoteSavedSms(q: QuoteSaved, ctx: { publicUrl: string }): string {
  return `VanHop: your quote ${q.randomNumber} (${formatPence(q.totalPricePence)}) is saved. Come back to it at any time: ${ctx.publicUrl}${q.retrievePath}`;
}
