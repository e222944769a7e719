import { ConfigError } from './errors.js';

/**
 * What a signing key must be worth by the estimate below: a little under 16 random bytes, so that
 * 32 random hex digits (128 bits, the least a random key of the minimum length carries) always
 * pass despite the estimate's rough edges, while patterns (well under 100) never do.
 */
export const MIN_SECRET_BITS = 112;

/** Size of the character classes a secret draws from (a random source uses all of a class). */
function alphabetSize(secret: string): number {
  let size = 0;
  if (/[a-z]/.test(secret)) size += 26;
  if (/[A-Z]/.test(secret)) size += 26;
  if (/\d/.test(secret)) size += 10;
  if (/[^a-zA-Z\d]/.test(secret)) size += 33;
  return size;
}

/**
 * A rough, conservative estimate of a secret's entropy in bits. A character costs the full price
 * of its alphabet (log2 of the classes used) unless it is predictable: one completing a run of
 * three already seen ("abcdefgh" repeated pays for its first pass only) costs 1 bit, and one that
 * repeats or steps from the one before ("aaaa", "1234", "abcd") costs 2. Random keys (e.g.
 * `openssl rand -base64 48`) come out far above MIN_SECRET_BITS; patterns far below.
 */
export function estimateSecretBits(secret: string): number {
  const chars = [...secret];
  const perChar = Math.log2(Math.max(2, alphabetSize(secret)));
  const seen = new Set<string>();
  let bits = 0;
  for (let i = 0; i < chars.length; i++) {
    const trigram = i >= 2 ? chars[i - 2]! + chars[i - 1]! + chars[i]! : null;
    const step = i >= 1 ? chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)! : NaN;
    if (trigram !== null && seen.has(trigram)) bits += 1;
    else if (Math.abs(step) <= 1) bits += 2;
    else bits += perChar;
    if (trigram !== null) seen.add(trigram);
  }
  return Math.floor(bits);
}

/**
 * The one strength check of the signing secrets (JWT_SECRET and the link secrets): long enough,
 * enough distinct characters, and no repeating or sequential pattern standing in for randomness.
 * Failures stop the program naming the variable.
 */
export function checkSecretStrength(name: string, secret: string, minLength: number): void {
  if (secret.length < minLength) throw new ConfigError(name, `must be at least ${minLength} characters`);
  if (new Set(secret).size < 8) throw new ConfigError(name, 'is too weak (too few distinct characters)');
  const bits = estimateSecretBits(secret);
  if (bits < MIN_SECRET_BITS) {
    throw new ConfigError(
      name,
      `is too weak (it repeats or follows a pattern: about ${bits} bits of entropy, ${MIN_SECRET_BITS} needed); use a random value such as \`openssl rand -base64 48\``,
    );
  }
}
