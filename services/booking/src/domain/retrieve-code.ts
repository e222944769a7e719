import { RETRIEVE_CODE_MAX } from '@vanhop/contracts';

/** A fresh code, 1..10,000,000, from an injected source of random integers (tests pass a fixed one). */
export const issueRetrieveCode = (randomInt: (min: number, maxExclusive: number) => number): number =>
  randomInt(1, RETRIEVE_CODE_MAX + 1);
