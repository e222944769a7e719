/**
 * How one driver reads in a row of the staff drivers list: short forms that keep a row to a few lines
 * at 1280 and fit a phone card, each with the full wording for a tooltip and for screen readers.
 */
import type { DriverAdminView, HelpLevel } from '@vanhop/contracts';
import { combinedRating } from '../../../api/driverRatings';

/**
 * The help levels' names are long and share their first word; a chip says only what differs. Not
 * "Driver" for Driver-Help: next to "+1" it would read as Driver-Plus-One.
 */
export const HELP_SHORT: Record<HelpLevel, string> = {
  'No-Help': 'No help',
  'Driver-Help': 'Helps',
  'Driver-Plus-One': '+1',
  'Driver-Plus-Two': '+2',
};

/**
 * "NW2 · 15 mi". A driver stored without a postcode (the seeded demo drivers) still has the place of
 * their base ("Cricklewood NW2"), which names it just as well.
 */
export function baseLine(d: Pick<DriverAdminView, 'basePostcode' | 'homeBase' | 'serviceRadiusMiles'>): string {
  const place = d.basePostcode.trim() || d.homeBase?.label?.trim() || 'No base set';
  // no break inside "35 mi"
  return `${place} · ${d.serviceRadiusMiles}\u00a0mi`;
}

/** "07700 900123": an 11-digit UK number in the groups people read it in; any other form as stored. */
export const phoneLine = (phone: string): string =>
  /^0\d{10}$/.test(phone) ? `${phone.slice(0, 5)} ${phone.slice(5)}` : phone;

/**
 * An e-mail address cut after its @, the one place a line may break (the cell is at least as wide as
 * the longer half), so "kwame.mensah@drivers…" never reads "kwame.mens / ah@".
 */
export function emailParts(email: string): string[] {
  const at = email.lastIndexOf('@');
  return at < 0 ? [email] : [email.slice(0, at + 1), email.slice(at + 1)];
}

/**
 * The driver's rating as customers see it beside their offers: the rating they came with together
 * with VanHop's own approved reviews (`own`, from /api/reviews/drivers), one figure everywhere. Given
 * as the row shows it and as it is read out; null when there are no reviews yet.
 */
export function ratingOf(
  d: Pick<DriverAdminView, 'rating' | 'reviewCount'>,
  own?: { rating: number; count: number },
): { score: string; count: string; words: string } | null {
  const { rating, count } = combinedRating({ rating: d.rating, reviewCount: d.reviewCount }, own);
  if (count <= 0) return null;
  const score = rating.toFixed(1);
  const reviews = count === 1 ? 'review' : 'reviews';
  return { score, count: `(${count})`, words: `${score} out of 5 from ${count} ${reviews}` };
}

/** "12 drivers · 11 active · 1 suspended": the size of the list before it is read. */
export function countLine(drivers: Pick<DriverAdminView, 'active'>[]): string {
  const active = drivers.filter((d) => d.active).length;
  const parts = [`${drivers.length} ${drivers.length === 1 ? 'driver' : 'drivers'}`, `${active} active`];
  if (active < drivers.length) parts.push(`${drivers.length - active} suspended`);
  return parts.join(' · ');
}
