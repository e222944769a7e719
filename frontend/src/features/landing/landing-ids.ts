/** Kept at this path only for the quote service's test that imports it: the landing ids live in lib/. */
export * from '../../lib/landing-ids';
