import type { QuoteSaved } from '@vanhop/contracts';
import { pounds } from '../format.js';

/** The saved quote's link by text, as the booking form promises ("we will text you a link to your quotes"). */
export function quoteSavedSms(q: QuoteSaved, ctx: { publicUrl: string }): string {
  return `VanHop: your quote ${q.randomNumber} (${pounds(q.totalPricePence)}) is saved. Come back to it at any time: ${ctx.publicUrl}${q.retrievePath}`;
}
