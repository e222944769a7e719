import type { StaffChatPage, StaffChatPageQuery } from '@vanhop/contracts';
import {
  indexOf,
  newestFirstWindows,
  queryIndex,
  ValidationError,
  type Clock,
  type Collection,
  type DocumentStore,
  type Filter,
} from '@vanhop/platform';
import { CONVERSATIONS, supportSummary, type ConversationThread } from '../domain/conversation-thread.js';

/** The staff inbox's reads and the index each goes through (test/architecture/query-indexes). */
export const SUPPORT_INBOX_QUERIES = {
  unanswered: queryIndex(CONVERSATIONS, 'support chats waiting for staff, longest waiting first', {
    kind: 1,
    awaitingStaff: 1,
    waitingSince: 1,
  }),
  /** The embedded store picks its candidates by one field: this one keeps them to the queue. */
  queue: queryIndex(CONVERSATIONS, 'chats waiting for staff (the queue) and their count', { awaitingStaff: 1 }),
  answered: queryIndex(CONVERSATIONS, 'support chats answered, latest message first: a widening range of times', {
    lastMessageAt: -1,
  }),
} as const;

const AFTER_INVALID = 'after must be the next value of an earlier page';

/** Where a page ended: the last chat's sort time and id, base64url. */
const encode = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decode(after: string | undefined): { at: string; id: string } | null {
  if (after === undefined) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string' && x.length <= 100))
      return { at: v[0] as string, id: v[1] as string };
  } catch {
    /* answered below */
  }
  throw new ValidationError(AFTER_INVALID, { after: AFTER_INVALID });
}

/**
 * The staff Instant Support inbox a page at a time: unanswered chats by how long they have waited
 * (oldest first), answered ones by their latest message (newest first), ties by id; each page one
 * limited read of its index, so the inbox reads the same with ten chats or a hundred thousand.
 */
export class SupportInboxPages {
  private readonly threads: Collection<ConversationThread>;

  constructor(
    store: DocumentStore,
    private readonly clock: Clock,
  ) {
    this.threads = store.collection<ConversationThread>(CONVERSATIONS);
  }

  async ensureIndexes(): Promise<void> {
    await this.threads.ensureIndex(indexOf(SUPPORT_INBOX_QUERIES.unanswered));
    await this.threads.ensureIndex(indexOf(SUPPORT_INBOX_QUERIES.answered));
    await this.threads.ensureIndex(indexOf(SUPPORT_INBOX_QUERIES.queue));
  }

  async page(q: StaffChatPageQuery): Promise<StaffChatPage> {
    const unanswered = q.view === 'unanswered';
    const field = unanswered ? 'waitingSince' : 'lastMessageAt';
    const after = decode(q.after);
    const beyond = unanswered ? '$gt' : '$lt';
    // Answered: the state inside $and, so the embedded store picks its candidates by the time range
    // below, not by the state index (every answered chat); MongoDB plans the same either way.
    const filter: Filter = unanswered
      ? { kind: 'support', awaitingStaff: true }
      : { $and: [{ kind: 'support', awaitingStaff: false }] };
    if (after) filter.$or = [{ [field]: { [beyond]: after.at } }, { [field]: after.at, _id: { $gt: after.id } }];
    const limit = q.pageSize + 1;
    let rows: ConversationThread[] = [];
    if (unanswered) {
      // The chats staff still owe an answer: a queue they work down, read whole and limited.
      rows = await this.threads.find(filter, { sort: { waitingSince: 1, _id: 1 }, limit });
    } else {
      // Answered chats pile up for ever: a range of times, widened only while the page is not full
      // (a day to spare past now, for a message stamped by a clock running ahead).
      const latest = new Date(this.clock.now().getTime() + 86_400_000).toISOString();
      for (const lastMessageAt of newestFirstWindows(after?.at ?? latest)) {
        rows = await this.threads.find({ ...filter, lastMessageAt }, { sort: { lastMessageAt: -1, _id: 1 }, limit });
        if (rows.length >= limit) break;
      }
    }
    const items = rows.slice(0, q.pageSize);
    const last = items.at(-1);
    return {
      items: items.map(supportSummary),
      pageSize: q.pageSize,
      next:
        rows.length > q.pageSize && last
          ? encode((unanswered ? last.waitingSince : last.lastMessageAt) ?? '', last._id)
          : null,
      unanswered: await this.countUnanswered(),
    };
  }

  /** How many chats wait for staff: a count of the queue's index, the size of the queue, not of the history. */
  countUnanswered(): Promise<number> {
    return this.threads.count({ kind: 'support', awaitingStaff: true });
  }
}
