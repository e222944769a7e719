import * as yup from 'yup';

/** A customer review as the web app shows it (docs/WIRE-CONTRACT.md, "Other shapes"); GET /api/google/review. */
export interface Review {
  rating: number;
  /** Snake case and epoch seconds: Google Place Details' own field names, which the old client read directly. */
  author_name: string;
  /** Epoch seconds. */
  time: number;
  profile_photo_url: string;
  text: string;
}

export interface ReviewsResponse {
  result: { reviews: Review[] };
}

// ---- VanHop's own reviews: the signed review page and staff moderation ----------------------

/** Longest review text (characters, after trimming). */
export const REVIEW_TEXT_MAX_LENGTH = 2000;

export const REVIEW_MSG = {
  ratingRequired: 'Please choose from 1 to 5 stars',
  driverRating: 'Rate the driver from 1 to 5 stars, or leave it empty',
  textTooLong: `Reviews can be at most ${REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-GB')} characters`,
  linkInvalid: 'This review link is not valid or has expired',
  alreadySubmitted: 'A review has already been submitted for this move. Thank you!',
  moveNotHappened: 'The move has not finished yet: a review can be requested once its booked time is over.',
  notBooked: 'Only a booked move can be reviewed.',
} as const;

const stars = (message: string) => yup.number().typeError(message).integer(message).min(1, message).max(5, message);

/** POST /api/reviews/link/:token: stars (required), text, and an optional rating of the driver. */
export const reviewSubmissionSchema = yup.object({
  rating: stars(REVIEW_MSG.ratingRequired).required(REVIEW_MSG.ratingRequired),
  text: yup.string().trim().max(REVIEW_TEXT_MAX_LENGTH, REVIEW_MSG.textTooLong).default(''),
  driverRating: stars(REVIEW_MSG.driverRating).nullable().default(null),
});
export type ReviewSubmission = yup.InferType<typeof reviewSubmissionSchema>;

/** GET /api/reviews/link/:token: what the review page shows before and after submitting. */
export interface ReviewLinkView {
  /** First name and initial, as the review will be signed. */
  authorName: string;
  driverName: string | null;
  /** ISO move date. */
  moveDate: string;
  submitted: boolean;
}

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A submitted review as staff moderate it (GET /api/reviews/admin). */
export interface ModeratedReview {
  id: string;
  bookingId: string;
  randomNumber: number;
  rating: number;
  text: string;
  driverRating: number | null;
  driverId: string | null;
  driverName: string | null;
  authorName: string;
  status: ReviewStatus;
  /** ISO. */
  submittedAt: string;
  moderatedAt: string | null;
  moderatedBy: string | null;
}

export interface ModerationList {
  reviews: ModeratedReview[];
  pending: number;
}

/** GET /api/reviews/drivers?ids=…: each named driver's rating from approved VanHop reviews that rated them. */
export type DriverRatings = Record<
  string,
  {
    rating: number;
    count: number;
    /** The sum of the driver ratings (whole stars): combined with another set of reviews without rounding twice. */
    sum?: number;
  }
>;

/** How many drivers one GET /api/reviews/drivers may name. */
export const DRIVER_RATINGS_MAX_IDS = 50;
export const DRIVER_RATINGS_IDS_MESSAGE = `ids must name 1 to ${DRIVER_RATINGS_MAX_IDS} driver ids, separated by commas`;
const DRIVER_ID = /^drv-[\w-]{1,60}$/;
/** GET /api/reviews/drivers?ids=drv-a,drv-b: the drivers asked about, never the whole fleet. */
export const driverRatingsQuerySchema = yup.object({
  ids: yup
    .string()
    .strict(true)
    .required(DRIVER_RATINGS_IDS_MESSAGE)
    .test('driver-ids', DRIVER_RATINGS_IDS_MESSAGE, (v) => {
      const ids = (v ?? '').split(',');
      return ids.length <= DRIVER_RATINGS_MAX_IDS && ids.every((id) => DRIVER_ID.test(id));
    }),
});

/** The web app's route for a signed review link. */
export const reviewPagePath = (token: string): string => `/review/${token}`;

/** Staff moderation routes: a review's id is its booking's id. */
export const reviewIdParamsSchema = yup.object({
  id: yup
    .string()
    .strict(true)
    .required('Invalid review id')
    .matches(/^[\w-]{1,64}$/, 'Invalid review id'),
});
export const MODERATION_STATUS_MESSAGE = 'status must be pending, approved, rejected or all';
/** GET /api/reviews/admin?status=…: one status, or all of them (the default). */
export const moderationQuerySchema = yup.object({
  // Not strict: the default fills a missing status (a query value is text; objects and lists are refused before).
  status: yup
    .string()
    .oneOf([...REVIEW_STATUSES, 'all'] as const, MODERATION_STATUS_MESSAGE)
    .default('all'),
});
