import { createHash } from 'node:crypto';
import type { Cache } from '@vanhop/platform';
import { ukPhoneToE164 } from '../domain/phone.js';

/**
 * Messages of one kind an address or number nobody proved may get a day: enough for a customer who
 * tries two or three times, too few for anyone to fill a stranger's inbox or phone through us.
 */
export const UNPROVED_RECIPIENT_MESSAGES_PER_DAY = 3;
const DAY_SECONDS = 24 * 60 * 60;

/** Spellings of one recipient count as one: addresses without case, UK numbers however typed. */
const CANONICAL = {
  address: (email: string) => email.trim().toLowerCase(),
  number: ukPhoneToE164,
} as const;

/**
 * Caps the messages of one kind (`name`) that one recipient gets, over every sender and, with Redis,
 * every instance. The day is the cache's fixed window: 24 hours from the first message counted, not
 * the London day, whose midnight would let twice the share through within minutes. Recipients are
 * counted under a hash, so the cache holds no address or number.
 */
export class RecipientCap {
  constructor(
    private readonly cache: Cache,
    private readonly name: string,
    private readonly recipient: keyof typeof CANONICAL,
    private readonly perDay = UNPROVED_RECIPIENT_MESSAGES_PER_DAY,
  ) {}

  /** Counts one message to `to`; true while it is within the day's share. */
  async admits(to: string): Promise<boolean> {
    const digest = createHash('sha256').update(CANONICAL[this.recipient](to)).digest('base64url');
    const { count } = await this.cache.hit(`${this.name}:${digest}`, DAY_SECONDS);
    return count <= this.perDay;
  }

  /**
   * `admits`, decided once per `occasion` (a delivery key) for a day: an event the bus hands over
   * again is not counted again, and a send that failed after it was counted is retried, not refused.
   */
  async admitsOnce(to: string, occasion: string): Promise<boolean> {
    const decided = `${this.name}:decided:${occasion}`;
    const earlier = await this.cache.get(decided);
    if (earlier !== null) return earlier === 'yes';
    const admitted = await this.admits(to);
    await this.cache.set(decided, admitted ? 'yes' : 'no', DAY_SECONDS);
    return admitted;
  }
}
