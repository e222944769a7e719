import type {
  BookingDraft,
  DriverAuditEntry,
  InternalCandidatesResponse,
  InternalGeocodeResponse,
  VanPosition,
  DriverDocument,
  DriverDocumentKind,
  JobView,
  OutboxEntry,
  SignedFor,
} from '@vanhop/contracts';
import type { Window } from '@vanhop/contracts';
import type { DocumentedDriver } from '@vanhop/contracts';
import type { VanhopReviews } from '@vanhop/contracts';
import type { Driver } from '@vanhop/contracts';
import type { NeighbourJob } from '@vanhop/contracts';

/**
 * A stored driver: DriverUpdated events ride in its outbox until the relay publishes them.
 * `emailKey` (the e-mail trimmed and lower-cased) is unique: drivers sign in to the portal with
 * their e-mail, so two drivers must never share one, whatever its case.
 */
export type DriverDoc = Driver & {
  outbox?: OutboxEntry[];
  emailKey?: string;
  rev?: string;
  /** The rev of a write whose card is not published yet (DriverCardOutbox); unset once it is. */
  cardUnpublished?: string;
  /** The revision of the last card published (driver.card-changed): grows by one per publication. */
  cardRevision?: number;
};

/** Which drivers have a portal account (set their password), so can answer a job offer online. */
export interface DriverPortalAccounts {
  opened(driverId: string, at: string): Promise<void>;
  /** Of these drivers, those with an account. */
  withAccount(driverIds: readonly string[]): Promise<Set<string>>;
}

/** Self-employed drivers with their price cards. */
export interface DriverRepository {
  /** Every active driver document, photos included (pricing reads its own read model instead). */
  listActive(): Promise<DriverDoc[]>;
  findById(id: string): Promise<DriverDoc | null>;
  /** Every driver, suspended ones included (the staff list). */
  listAll(): Promise<Driver[]>;
  /** Throws DuplicateKeyError when another driver has the e-mail. */
  insert(driver: DriverDoc): Promise<Driver>;
  /** False when a driver with this id exists (maybe edited since, so it is left alone), or one with its e-mail. */
  insertIfMissing(driver: DriverDoc): Promise<boolean>;
  /**
   * Writes a change only if nobody changed the driver since `version` was read. Returns the driver
   * after the change, or null. Throws DuplicateKeyError when the change gives the driver another
   * driver's e-mail.
   */
  updateIfVersion(id: string, version: number, set: Partial<Driver>, event?: OutboxEntry): Promise<Driver | null>;
  /** Keeps VanHop's reviews of the driver unless a newer version is already kept; false when not kept. */
  keepVanhopReviews(id: string, reviews: VanhopReviews): Promise<boolean>;
}

/**
 * Drivers' time by the quarter hour: each quarter hour belongs to at most one booking, whatever the
 * number of concurrent checkouts or replicas.
 */
export interface DriverSlots {
  /**
   * Takes every slot of the window for the booking, or none (a 409: naming the customer's own
   * bookings when only their unpaid holds are in the way); idempotent for the same booking. The
   * unpaid holds of `supersedes` (checkouts payment has closed) give way.
   */
  hold(
    driverId: string,
    bookingId: string,
    window: Window,
    expiresAt: Date | null,
    holder?: string,
    supersedes?: readonly string[],
  ): Promise<{ holdId: string; slots: number }>;
  /** A paid booking keeps its driver: the hold no longer lapses. */
  keep(bookingId: string): Promise<number>;
  /** Frees the booking's slots. */
  release(bookingId: string): Promise<number>;
  /** Frees one driver's slots of a booking (a reassignment: the new driver holds the booking's time now). */
  releaseDriver(bookingId: string, driverId: string): Promise<number>;
  /** Whether the driver still holds any of the booking's time. */
  heldBy(bookingId: string, driverId: string): Promise<boolean>;
  /** Slot starts in [from, to) taken by live holds or kept bookings, per driver; only `driverIds`' when given. */
  busy(
    from: Date,
    to: Date,
    options?: { exceptBookingId?: string; driverIds?: readonly string[] },
  ): Promise<Map<string, Set<string>>>;
}

/** A document as stored on its driver: what staff recorded, and the expiry date its reminder was mailed for. */
export type StoredDocument = DriverDocument & { remindedFor?: string | null; remindedAt?: string | null };

/** The drivers' compliance documents (insurance, licence) and their expiry reminders. */
export interface DriverDocumentsRepository {
  byId(id: string): Promise<DocumentedDriver | null>;
  all(): Promise<DocumentedDriver[]>;
  /** These drivers only (by id), any order. */
  byIds(ids: string[]): Promise<DocumentedDriver[]>;
  /** Drivers with at least one document recorded: the reminder sweep reads no others. */
  withDocuments(): Promise<DocumentedDriver[]>;
  /** Sets one document (null: none recorded); a reminder already mailed for the same expiry date is kept. */
  set(
    id: string,
    kind: DriverDocumentKind,
    doc: DriverDocument | null,
    previous: StoredDocument | null | undefined,
  ): Promise<boolean>;
  /** Claims the reminder of one document's expiry date, with its event, once. */
  claimReminder(
    id: string,
    kind: DriverDocumentKind,
    expiresOn: string,
    at: string,
    event: OutboxEntry,
  ): Promise<boolean>;
}

/** Who changed which driver field, when, from what to what: append-only, newest first. */
export interface DriverAuditLog {
  /** The same change appended twice is one line. */
  append(entry: DriverAuditEntry): Promise<void>;
  forDriver(driverId: string, limit?: number): Promise<DriverAuditEntry[]>;
  recent(limit?: number): Promise<DriverAuditEntry[]>;
}

/** One job per booking: its id is the booking id, so a redelivered BookingConfirmed never offers twice. */
export type JobDoc = Omit<JobView, 'customer' | 'stateText'> & {
  _id: string;
  /** Kept while the booking lives (a postponed move comes back); shown only while it is active. */
  customer: { name: string; email: string; phone: string };
  /** JobOffered / JobAccepted ride on the job's own write (fleet's OutboxRelay publishes them). */
  outbox?: OutboxEntry[];
  /**
   * Who to mail about this job (from BookingConfirmed's snapshot); the phone is kept since offers are
   * texted too (jobs stored before: mail only).
   */
  driverContact: { name: string; email: string; phone?: string };
  /** What the customer's booking costs (BookingConfirmed, then each re-price): a reassignment is held to it. */
  bookedTotalPence?: number;
  /**
   * What the customer still owes, paid to the driver on the day unless paid online first
   * (BookingConfirmed, each re-price, each balance payment): the card's cash to collect.
   */
  balancePence?: number;
  /** The customer's My move link path (BookingConfirmed), for the mail naming a new driver. */
  myMovePath?: string;
  /** Drivers who had this job before a reassignment. */
  previousDriverIds?: string[];
  /** The move date the day-before reminder was sent for (a new date gets its own), and when. */
  remindedFor?: string;
  remindedAt?: string;
  /** What the customer first booked, kept when a cheaper new driver lowered the price: the automatic fallback may go up to it. */
  customerCeilingPence?: number;
  /** The move date the office was alerted about (no accepted driver a few hours before it). */
  unconfirmedAlertFor?: string;
  /** The conflicts the office was alerted about (ConflictAlerts' keys: cause, driver, move date), and when. */
  conflictAlerts?: Record<string, string>;
  /**
   * The offer that asks this driver to confirm a new time for a move they had accepted (its
   * `offeredAt`): shown as such only while that very offer stands (a reassignment makes a new one).
   */
  reconfirm?: { driverId: string; offeredAt: string } | null;
};

/** Which offer a job was when read: a new offer (another driver, or the same one asked again) differs. */
export type OfferRead = Pick<JobDoc, 'driverId' | 'offeredAt' | 'respondBy'>;

/** The drivers' jobs. Every change of status is conditional on the status read, so two actions cannot both win. */
export interface JobRepository {
  /** False when the booking already has its job. */
  insert(job: JobDoc): Promise<boolean>;
  findById(bookingId: string): Promise<JobDoc | null>;
  /** The driver's jobs moving at or after `from` (and before `to`, when given), soonest first. */
  forDriverFrom(driverId: string, from: string, to?: string): Promise<JobDoc[]>;
  /** The driver's latest `limit` jobs moving before `before`, latest first. */
  forDriverBefore(driverId: string, before: string, limit: number): Promise<JobDoc[]>;
  /** The driver's jobs on postponed bookings, whatever their old date. */
  postponedOf(driverId: string): Promise<JobDoc[]>;
  /** The driver's jobs that keep their time (for the drive between jobs) whose move starts within [from, to). */
  neighboursOf(driverId: string, from: Date, to: Date): Promise<NeighbourJob[]>;
  /** The same for several drivers at once, only the jobs whose move starts within [from, to). */
  neighboursNear(driverIds: string[], from: Date, to: Date): Promise<Map<string, NeighbourJob[]>>;
  byStatus(status: JobDoc['status']): Promise<JobDoc[]>;
  /** Jobs back with the office (bookings not cancelled) after `after`, soonest move first, at most `limit`. */
  returnedPage(after: { date: string; id: string } | null, limit: number): Promise<JobDoc[]>;
  /** The booking changed (cancelled, postponed, re-dated, amended, reassigned): the job follows, whatever its status. */
  follow(bookingId: string, set: Partial<JobDoc>, event?: OutboxEntry): Promise<boolean>;
  /** Gives a job to another driver, only while it is still in `from` under the driver read (and, given, the offer read). */
  reassign(
    bookingId: string,
    fromDriverId: string,
    from: JobDoc['status'],
    set: Partial<JobDoc>,
    events: OutboxEntry[],
    offer?: OfferRead,
  ): Promise<boolean>;
  /** Answers an offer only while the job is still the offer read (its driver, offered at and respond-by). */
  settleOffer(bookingId: string, offer: OfferRead, set: Partial<JobDoc>, event: OutboxEntry): Promise<boolean>;
  /** Takes a job from its (suspended) driver only while it is still theirs and in the status read. */
  takeFromDriver(
    bookingId: string,
    driverId: string,
    from: JobDoc['status'],
    set: Partial<JobDoc>,
    event: OutboxEntry,
  ): Promise<boolean>;
  /** Changes a job only if it is still in the status read: a response and the sweep cannot both win. */
  transition(bookingId: string, from: JobDoc['status'], set: Partial<JobDoc>, event?: OutboxEntry): Promise<boolean>;
  /** Accepted jobs whose move has not started yet (the day-before reminder looks among them). */
  acceptedUpcoming(nowIso: string): Promise<JobDoc[]>;
  /** Jobs no driver has accepted (offered, or back with the office) whose move starts in (fromIso, toIso]. */
  unacceptedStartingBetween(fromIso: string, toIso: string): Promise<JobDoc[]>;
  /** Claims the office's alert for the move date read, once, while still unaccepted: the alert's event rides on the claim. */
  claimUnconfirmedAlert(
    bookingId: string,
    moveDate: string,
    set: Partial<JobDoc>,
    event: OutboxEntry,
  ): Promise<boolean>;
  /**
   * Claims the office's alert of one conflict (`key`: cause, driver, move date), once, while the
   * driver read still has the job (offered or accepted): the alert's event rides on the claim.
   */
  claimConflictAlert(
    bookingId: string,
    driverId: string,
    key: string,
    at: string,
    event: OutboxEntry,
  ): Promise<boolean>;
  /** Marks a step of the move day only while the job is still its driver's, accepted, live and at the step read. */
  advanceProgress(
    bookingId: string,
    driverId: string,
    from: JobDoc['progress'] | null,
    set: Partial<JobDoc>,
    event: OutboxEntry,
  ): Promise<boolean>;
  /** Claims the day-before reminder of the move date read, once: the reminder's event rides on the claim. */
  claimReminder(bookingId: string, moveDate: string, set: Partial<JobDoc>, event: OutboxEntry): Promise<boolean>;
}

/**
 * The photos of the load and the customer's signature given with "done", one per booking (its id
 * is the booking id). Kept apart from the job: a few hundred KB each that the jobs lists never read.
 */
export interface JobProofDoc {
  _id: string;
  driverId: string;
  photos: string[];
  signature: string;
  signedFor: SignedFor;
}

export interface JobProofRepository {
  /** Saved before the job is marked done: a refused "done" is retried with a new proof, which replaces it. */
  save(proof: JobProofDoc): Promise<void>;
  findById(bookingId: string): Promise<JobProofDoc | null>;
}

/** The latest position of each van on its way (short-lived, never in the document store). */
export interface VanPositionStore {
  save(bookingId: string, position: VanPosition): Promise<void>;
  latest(bookingId: string): Promise<VanPosition | null>;
  forget(bookingId: string): Promise<void>;
  /** Counts one position of this job in the current minute; returns the count so far. */
  countSent(bookingId: string): Promise<number>;
}

/** A driver as the list reads it, with the name key the page's order and cursor follow. */
export type StaffDriverRow = Driver & { nameKey?: string };
export type DriverSearchField = 'nameKey' | 'surnameKey' | 'postcodeKey' | 'standingKey' | 'districtKey';
/** The drivers' store as the staff list reads it: bounded, indexed reads only. */
export interface DriverPageStore {
  pageByName(query: {
    active: boolean | null;
    after: { name: string; id: string } | null;
    limit: number;
  }): Promise<StaffDriverRow[]>;
  searchByPrefix(
    field: DriverSearchField,
    prefix: string,
    active: boolean | null,
    limit: number,
  ): Promise<StaffDriverRow[]>;
  /** Drivers whose key is exactly `value`, by name, at most `limit`. */
  searchExact(
    field: DriverSearchField,
    value: string,
    active: boolean | null,
    limit: number,
  ): Promise<StaffDriverRow[]>;
}

/**
 * Pricing's ranking of the drivers who can take a booked move (quote's /internal/candidates):
 * every driver it finds free for all of it, cheapest in all first. Pricing reads a copy of the
 * drivers, so each pick is checked against the drivers as stored before the job is offered.
 */
export interface CandidateRanking {
  rank(draft: BookingDraft): Promise<InternalCandidatesResponse>;
}

/** A postcode's or place's point (quote's /internal/geocode), null when unknown or outside the UK. */
export interface PlaceGeocoder {
  geocode(place: string): Promise<InternalGeocodeResponse | null>;
}
