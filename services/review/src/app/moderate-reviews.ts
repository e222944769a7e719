import {
  DRIVER_PROFILE_REVIEWS,
  type DriverRatings,
  type DriverReviewsResponse,
  type ModeratedReview,
  type ModerationList,
  type Review,
  type ReviewStatus,
  type StaffReviewPage,
  type StaffReviewPageQuery,
} from '@vanhop/contracts';
import { NotFoundError, ValidationError, type Clock, type Logger } from '@vanhop/platform';
import type { CustomerReviewRepository, DriverRatingTallyRepository, ReviewCursor } from '../domain/ports.js';
import type { DriverRatingTally } from '../domain/driver-rating-tally.js';
import { asFeedReview, asModerated } from '../domain/customer-review.js';

/** The newest approved reviews the carousel shows beside the Google (or seeded) ones. */
const FEED_SIZE = 30;
/** The moderation list (whole, for older clients): the oldest this many pending reviews, and this many decided ones. */
const PENDING_LISTED = 200;
const DECIDED_LISTED = 50;
const AFTER_INVALID = 'after must be the next value of an earlier page';

/** The review a page ended on, as the next page's `after`: its submission time and id, base64url. */
export const encodeReviewCursor = (c: ReviewCursor): string =>
  Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

export function decodeReviewCursor(after: string | undefined): ReviewCursor | null {
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

/** Each tally with reviews as the wire's DriverRatings: the mean to one decimal, and the count. */
function tallyRatings(tallies: Pick<DriverRatingTally, '_id' | 'count' | 'sum'>[]): DriverRatings {
  // A null-prototype object: a driver id such as "__proto__" stays an ordinary key.
  const out = Object.create(null) as DriverRatings;
  for (const t of tallies)
    if (t.count > 0) out[t._id] = { rating: Math.round((t.sum / t.count) * 10) / 10, count: t.count, sum: t.sum };
  return out;
}

export type ModerationFilter = ReviewStatus | 'all';

/** Staff moderation of VanHop's own reviews, and what approval publishes: the feed and driver ratings. */
export class ModerateReviews {
  constructor(
    private readonly reviews: CustomerReviewRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly ratings: {
      follow(reviewId: string): Promise<void>;
      tallies: Pick<DriverRatingTallyRepository, 'forDrivers'>;
    },
  ) {}

  /** Pending reviews first (oldest first, as a queue), then decided ones, newest first. */
  async list(filter: ModerationFilter): Promise<ModerationList> {
    const pending = filter === 'all' || filter === 'pending' ? await this.reviews.pending(PENDING_LISTED) : [];
    const decided = filter === 'pending' ? [] : await this.reviews.decided(filter, DECIDED_LISTED);
    const pendingCount = await this.reviews.countPending();
    return { reviews: [...pending, ...decided].map(asModerated), pending: pendingCount };
  }

  /** One page of the reviews of one status (pending oldest first, decided newest first), with how many wait. */
  async page(q: StaffReviewPageQuery): Promise<StaffReviewPage> {
    const after = decodeReviewCursor(q.after);
    const [rows, pending] = await Promise.all([
      // A day to spare past now: a review stamped by a server whose clock runs ahead is still listed.
      this.reviews.page(
        q.status as ReviewStatus,
        after,
        q.pageSize + 1,
        new Date(this.clock.now().getTime() + 86_400_000).toISOString(),
      ),
      this.reviews.countPending(),
    ]);
    const items = rows.slice(0, q.pageSize);
    const last = items.at(-1);
    return {
      items: items.map(asModerated),
      pageSize: q.pageSize,
      next: rows.length > q.pageSize && last ? encodeReviewCursor({ at: last.submittedAt, id: last._id }) : null,
      pending,
    };
  }

  /** Approve or reject (again, if staff change their mind); the public feed and ratings follow at once. */
  async decide(id: string, status: Exclude<ReviewStatus, 'pending'>, staff: string): Promise<ModeratedReview> {
    const updated = await this.reviews.decide(id, status, this.clock.now().toISOString(), staff);
    if (!updated) throw new NotFoundError('No review with that id');
    // The decision is stored (and marks the review dirty): a tally that fails to follow now is
    // brought in step by the sweep at the next start.
    await this.ratings
      .follow(id)
      .catch((err) => this.logger.warn({ err: String(err), reviewId: id }, 'driver rating tally not followed yet'));
    return asModerated(updated);
  }

  async approvedFeed(): Promise<Review[]> {
    return (await this.reviews.approved(FEED_SIZE)).map(asFeedReview);
  }

  /** A driver's newest approved reviews for their public profile, signed as in public ("Grace M."). */
  async driverReviews(driverId: string): Promise<DriverReviewsResponse> {
    const approved = await this.reviews.approvedOfDriver(driverId, DRIVER_PROFILE_REVIEWS);
    return {
      driverId,
      reviews: approved.map((r) => ({
        rating: r.rating,
        driverRating: r.driverRating,
        text: r.text,
        authorName: r.authorName,
        submittedAt: r.submittedAt,
      })),
    };
  }

  /** The named drivers' ratings from their tallies (no read of the reviews themselves). */
  async ratingsOf(driverIds: string[]): Promise<DriverRatings> {
    return tallyRatings(await this.ratings.tallies.forDrivers(driverIds));
  }
}
