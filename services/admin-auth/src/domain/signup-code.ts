import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a submitted sign-up code with the configured one in constant time. Both are hashed
 * first so neither the length nor a common prefix shows in the timing.
 */
export function signupCodeMatches(submitted: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(submitted), digest(expected));
}
