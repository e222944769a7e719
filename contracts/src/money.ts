import type { PaymentPercentage } from './constants.js';

/**
 * Money crosses the wire in pounds (2 decimals) but is computed in whole pence, so rounding happens
 * once, at the boundary, and never accumulates.
 */
export const poundsToPence = (pounds: number): number => Math.round(pounds * 100);
export const penceToPounds = (pence: number): number => Math.round(pence) / 100;

/** The deposit for a share of a price: round(total × pct / 100), in pence. */
export const shareOfPence = (totalPence: number, percentage: PaymentPercentage): number =>
  Math.round((totalPence * percentage) / 100);

/** The one money format for people, in the app and the e-mails: "£3,312.16" (en-GB, GBP, 2 decimals). */
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Pounds to "£3,312.16"; anything not a finite number reads as £0.00. */
export const formatPounds = (pounds: number): string => GBP.format(Number.isFinite(pounds) ? pounds : 0);

/** Whole pence to "£3,312.16". */
export const formatPence = (pence: number): string =>
  formatPounds(Math.round(Number.isFinite(pence) ? pence : 0) / 100);
