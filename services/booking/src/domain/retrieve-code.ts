import { RETRIEVE_CODE_MAX } from '@vanhop/contracts';

/** A retrieve code arrives as a query string; anything but 1..10,000,000 written in digits is refused. */
export function parseRetrieveCode(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^\d{1,8}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= RETRIEVE_CODE_MAX ? n : null;
}

/** A fresh code, 1..10,000,000, from an injected source of random integers (tests pass a fixed one). */
export const issueRetrieveCode = (randomInt: (min: number, maxExclusive: number) => number): number => randomInt(1, RETRIEVE_CODE_MAX + 1);
