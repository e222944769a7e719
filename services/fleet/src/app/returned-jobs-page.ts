import type { JobView, StaffCursorPage, StaffReturnedJobsPageQuery } from '@vanhop/contracts';
import { ValidationError } from '@vanhop/platform';
import type { JobDoc } from '../domain/ports.js';
import { toView } from './driver-jobs.js';

const AFTER_INVALID = 'after must be the next value of an earlier page';

/** Where a page ended: the last job's move date and booking id, base64url. */
const encode = (date: string, id: string) => Buffer.from(JSON.stringify([date, id])).toString('base64url');

function decode(after: string | undefined): { date: string; id: string } | null {
  if (after === undefined) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string' && x.length <= 100))
      return { date: v[0] as string, id: v[1] as string };
  } catch {
    /* answered below */
  }
  throw new ValidationError(AFTER_INVALID, { after: AFTER_INVALID });
}

/**
 * The staff list of jobs back with the office a page at a time, soonest move first. Offers past
 * their respond-by time are swept back first, as the whole list does.
 */
export class ReturnedJobsPage {
  constructor(
    private readonly deps: {
      jobs: { returnedPage(after: { date: string; id: string } | null, limit: number): Promise<JobDoc[]> };
      sweep: () => Promise<unknown>;
    },
  ) {}

  async page(q: StaffReturnedJobsPageQuery): Promise<StaffCursorPage<JobView>> {
    const after = decode(q.after);
    await this.deps.sweep();
    const rows = await this.deps.jobs.returnedPage(after, q.pageSize + 1);
    const items = rows.slice(0, q.pageSize);
    const last = items.at(-1);
    return {
      items: items.map((j) => toView(j)),
      pageSize: q.pageSize,
      next: rows.length > q.pageSize && last ? encode(last.move.date, last._id) : null,
    };
  }
}
