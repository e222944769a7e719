import { randomBytes } from 'node:crypto';
import type { PasswordHasher } from '../domain/ports.js';

/**
 * Password checks for every sign-in (staff and drivers) that cost the same hashing work whether or
 * not the name is known, so response times do not reveal which names or addresses have accounts.
 */
export class CredentialCheck {
  /** Hashed once: an unknown name still pays for one hash check against it. */
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly hasher: PasswordHasher) {}

  /** Computes the stand-in hash at start-up rather than during someone's first sign-in. */
  async warmUp(): Promise<void> {
    await this.standIn();
  }

  /**
   * The candidate the password is right for, or null. Every candidate (usually one) is checked,
   * and with none the stand-in hash is: the same work either way. Should the password fit several,
   * the last one wins.
   */
  async match<T extends { passwordHash?: string }>(password: string, candidates: readonly T[]): Promise<T | null> {
    const standIn = this.standIn();
    let match: T | null = null;
    for (const candidate of candidates.length ? candidates : [null]) {
      const ok = await this.hasher.verify(password, candidate?.passwordHash ?? (await standIn));
      if (ok && candidate) match = candidate;
    }
    return match;
  }

  private standIn(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
