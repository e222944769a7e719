import type { PaymentPercentage } from './constants.js';

/**
 * Money crosses the wire in pounds (2 decimals) but is computed in whole pence, so rounding happens
 * once, at the boundary, and never accumulates.
 */
export const poundsToPence = (pounds: number): number => Math.round(pounds * 100);
export const penceToPounds = (pence: number): number => Math.round(pence) / 100;

/** The deposit for a share of a price: round(total × pct / 100), in pence. */
export const shareOfPence = (totalPence: number, percentage: PaymentPercentage): number => Math.round((totalPence * percentage) / 100);
