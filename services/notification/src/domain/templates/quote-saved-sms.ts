import { formatPence } from '@vanhop/contracts';
import type { QuoteSaved } from '@vanhop/contracts';

/** The saved quote's link by text, as the booking form promises ("Save your quote for later and we will text and e-mail you a link to it"). */
export function quoteSavedSms(q: QuoteSaved, ctx: { publicUrl: string }): string {
  const what = quoteSavedWhat(q);
  return `VanHop: your quote ${q.randomNumber} (${formatPence(q.totalPricePence)}${what ? `, ${what}` : ''}) is saved. Come back to it at any time: ${ctx.publicUrl}${q.retrievePath}`;
}

/** Which move: "London NW2 → London SE1, Large van with Dan Driver" (what the event carries of it). */
export function quoteSavedWhat(q: QuoteSaved): string {
  const route = q.places && q.places.length >= 2 ? `${q.places[0]} → ${q.places[q.places.length - 1]}` : '';
  const van = q.vanSize ? `${q.vanSize} van` : '';
  const driver = q.driverName ? `with ${q.driverName}` : '';
  return [route, [van, driver].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
