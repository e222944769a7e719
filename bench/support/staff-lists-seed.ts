/**
 * Seeds an embedded product's data folder with N drivers and M bookings (and the business figures'
 * read model they would have made) through the services' own repositories, before the product
 * starts: deterministic (a seeded generator, a fixed "now"), so every run measures the same data.
 */
import path from 'node:path';
import { londonDay, shiftDay, type BookingRecord } from '@vanhop/contracts';
import { EmbeddedDocumentStore, systemClock, type DocumentStore } from '@vanhop/platform';
import { BookingRepository } from '../../services/booking/src/adapters/booking-repository.js';
import type { StoredBooking } from '../../services/booking/src/domain/booking-record.js';
import { DriverRepository } from '../../services/fleet/src/adapters/driver-repository.js';
import { SupplyBackfillMark } from '../../services/fleet/src/adapters/supply-backfill-mark.js';
import { HOUSE_CARD } from '@vanhop/contracts';
import { BusinessFiguresRepository } from '../../services/admin-auth/src/adapters/business-figures-repository.js';
import { CustomerReviewRepository } from '../../services/review/src/adapters/review-repositories.js';
import type { CustomerReviewRecord } from '../../services/review/src/domain/customer-review.js';
import { JobRepository } from '../../services/fleet/src/adapters/job-repository.js';
import type { JobDoc } from '../../services/fleet/src/domain/ports.js';
import { SupportInboxPages } from '../../services/notification/src/app/support-inbox-pages.js';
import { CONVERSATIONS, type ConversationThread } from '../../services/notification/src/domain/conversation-thread.js';

const DAY_MS = 86_400_000;
/** Bookings move from this many days before now to this many after (a year of work, a month ahead booked). */
const PAST_DAYS = 330;
const AHEAD_DAYS = 35;

/** mulberry32: small, fast and the same on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = ['Ali', 'Priya', 'Tom', 'Grace', 'Kwame', 'Marta', 'Jan', 'Sofia', 'Omar', 'Lucy', 'Dev', 'Ewa'];
const LAST = ['Hassan', 'Shah', 'Byrne', 'Okafor', 'Mensah', 'Nowak', 'Kowalski', 'Rossi', 'Khan', 'Evans', 'Patel'];
const DISTRICTS: [string, number, number][] = [
  ['NW2', 51.5553, -0.2193],
  ['NW6', 51.5441, -0.1967],
  ['SE1', 51.4988, -0.0899],
  ['E1', 51.5175, -0.0593],
  ['N1', 51.5389, -0.0999],
  ['W2', 51.5136, -0.1807],
  ['SW9', 51.4689, -0.1142],
  ['HA9', 51.5566, -0.3058],
  ['E17', 51.5868, -0.0177],
  ['CR0', 51.3727, -0.0994],
];

export interface SeedSizes {
  drivers: number;
  bookings: number;
}

export interface SeedTimings {
  driversMs: number;
  bookingsMs: number;
  figuresMs: number;
  /** Reviews, jobs back with the office and support chats. */
  otherListsMs: number;
}

/** One in this many paid past bookings has a review; one in this many paid future ones is back with the office; one chat per this many bookings. */
const REVIEW_EVERY = 10;
const RETURNED_EVERY = 50;
const CHAT_EVERY = 20;

/** One staff booking record as SaveQuote and RecordPayment leave it (no outbox left to publish). */
function bookingOf(i: number, now: number, rand: () => number, drivers: string[]): StoredBooking {
  const move = new Date(now - PAST_DAYS * DAY_MS + Math.floor(rand() * (PAST_DAYS + AHEAD_DAYS) * DAY_MS));
  move.setUTCMinutes(0, 0, 0);
  const saved = new Date(move.getTime() - Math.floor(rand() * 20 + 1) * DAY_MS).toISOString();
  const paid = rand() < 0.8;
  const totalPrice = Math.round((120 + rand() * 400) * 100) / 100;
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const driverId = drivers[i % drivers.length]!;
  const [from, , ,] = DISTRICTS[i % DISTRICTS.length]!;
  const [to] = DISTRICTS[(i + 3) % DISTRICTS.length]!;
  const quote: BookingRecord['quote'] = {
    name: `${first} ${last}`,
    email: `customer${i}@example.com`,
    phone: `07700${String(900000 + (i % 100000)).padStart(6, '0')}`,
    description: 'Sofa, bed and 12 boxes',
    date: move.toISOString(),
    totalAddress: [
      { id: `a${i}-1`, location: `London ${from}, UK`, physicalAddress: `${i} High Street`, stair: 1 },
      { id: `a${i}-2`, location: `London ${to}, UK`, physicalAddress: `${i} Station Road`, stair: 0 },
    ],
    places: [`London ${from}, UK`, `London ${to}, UK`],
    pickupStair: 1,
    deliveryStair: 0,
    viaStopStair: [],
    typeofVan: 'Large',
    typeOfWorker: 'Driver-Help',
    totalHour: 3,
    totalSecond: 10_800,
    totalPrice,
    travelHour: 1_500,
    travelMiles: 7.5,
    driverId,
    driverName: `Driver ${driverId}`,
  } as BookingRecord['quote'];
  const pence = Math.round(totalPrice * 100);
  return {
    _id: `bk-${String(i).padStart(7, '0')}`,
    randomNumber: 1_000_000 + i,
    date: saved,
    paymentStatus: paid ? 'paid' : 'unpaid',
    OutstandingBalance: paid ? 0 : totalPrice,
    percentage: paid ? 100 : null,
    reviewRequest: false,
    quote,
    driver: { id: driverId, name: `Driver ${driverId}`, email: `${driverId}@drivers.example`, phone: '07700900456' },
    deletedAt: null,
    ...(paid ? { state: 'active', amountPaidPence: pence, amountRefundedPence: 0 } : {}),
    history: [{ at: saved, kind: 'saved', text: 'Quote saved' }],
    receipts: [],
  } as unknown as StoredBooking;
}

/**
 * Writes the drivers, bookings and figures into `dataDir` as the embedded product lays it out (one
 * folder per service), through each service's repository, then closes the stores (compacted files).
 */
export async function seedStaffLists(dataDir: string, sizes: SeedSizes, now: Date): Promise<SeedTimings> {
  const rand = seeded(42);
  const open = (service: string): DocumentStore => new EmbeddedDocumentStore(path.join(dataDir, service), 0);

  let t = performance.now();
  const fleetStore = open('fleet');
  const drivers = new DriverRepository(fleetStore);
  await drivers.ensureIndexes();
  await drivers.ensureStaffListIndexes();
  const driverIds: string[] = [];
  for (let i = 0; i < sizes.drivers; i++) {
    const [district, lat, lng] = DISTRICTS[i % DISTRICTS.length]!;
    const id = `drv-bench-${String(i).padStart(5, '0')}`;
    driverIds.push(id);
    await drivers.insert({
      _id: id,
      name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}-${i}`,
      email: `driver${i}@drivers.example`,
      phone: `07700${String(800000 + i).padStart(6, '0')}`,
      homeBase: { label: `London ${district}`, lat, lng },
      basePostcode: district,
      serviceRadiusMiles: 25,
      vanSizes: ['Medium', 'Large', 'Luton'],
      helpLevels: ['No-Help', 'Driver-Help', 'Driver-Plus-One'],
      card: HOUSE_CARD,
      rating: 4 + Math.round(rand() * 10) / 10,
      reviewCount: Math.floor(rand() * 200),
      ulezCompliant: true,
      active: i % 20 !== 7,
      version: 1,
    });
  }
  // A store of today's fleet service, whose writes published their supply events as they were made:
  // the reads are measured in steady state, not beside the once-per-store backfill of a store from
  // before those events (its cost: bench/supply-events.ts).
  await new SupplyBackfillMark(fleetStore).record(now);
  await fleetStore.close();
  const driversMs = performance.now() - t;

  t = performance.now();
  const bookingStore = open('booking');
  const bookings = new BookingRepository(bookingStore);
  await bookings.ensureIndexes();
  const nowMs = now.getTime();
  const made: StoredBooking[] = [];
  for (let i = 0; i < sizes.bookings; i++) {
    const record = bookingOf(i, nowMs, rand, driverIds);
    await bookings.insert(record, []);
    made.push(record);
  }
  await bookingStore.close();
  const bookingsMs = performance.now() - t;

  // The figures' read model as the events of those bookings would have left it: the days' counters
  // (through the repository's own change), and each driver's upcoming jobs.
  t = performance.now();
  const authStore = open('admin-auth');
  const figures = new BusinessFiguresRepository(authStore);
  await figures.ensureIndexes();
  const today = londonDay(now);
  const from = shiftDay(today, -40);
  const perDay = new Map<string, { bookings: number; revenuePence: number; depositsPence: number }>();
  for (const b of made) {
    if (b.paymentStatus === 'unpaid') continue;
    const day = londonDay(new Date(b.date));
    if (day < from) continue;
    const d = perDay.get(day) ?? { bookings: 0, revenuePence: 0, depositsPence: 0 };
    const pence = Math.round(b.quote.totalPrice * 100);
    d.bookings += 1;
    d.revenuePence += pence;
    d.depositsPence += pence;
    perDay.set(day, d);
  }
  for (const [day, add] of perDay) await figures.apply({ kind: 'day', day, add }, `seed-${day}`);
  for (const b of made) {
    if (b.paymentStatus === 'unpaid' || b.quote.date < now.toISOString()) continue;
    await figures.apply(
      {
        kind: 'driverJob',
        driverId: b.driver!.id,
        driverName: b.driver!.name,
        bookingId: b._id,
        job: { moveDay: londonDay(new Date(b.quote.date)), hours: b.quote.totalHour },
      },
      `seed-job-${b._id}`,
    );
  }
  await authStore.close();
  const figuresMs = performance.now() - t;

  t = performance.now();
  await seedOtherLists(open, made, now);
  return { driversMs, bookingsMs, figuresMs, otherListsMs: performance.now() - t };
}

/**
 * The other staff lists' records as their services would have stored them: reviews of past moves
 * (a tenth pending), every paid booking's job (one in fifty future ones back with the office), and Instant Support chats (one in
 * fifty waiting for staff), each through its service's repository or collection.
 */
async function seedOtherLists(open: (service: string) => DocumentStore, made: StoredBooking[], now: Date) {
  const nowIso = now.toISOString();
  const reviewStore = open('review');
  const reviews = new CustomerReviewRepository(reviewStore);
  await reviews.ensureIndexes();
  const fleetStore = open('fleet');
  const jobs = new JobRepository(fleetStore);
  await jobs.ensureIndexes();
  const paid = made.filter((b) => b.paymentStatus !== 'unpaid');
  let n = 0;
  for (const b of paid) {
    n++;
    const past = b.quote.date < nowIso;
    if (past && n % REVIEW_EVERY === 0) {
      const status =
        n % (REVIEW_EVERY * 10) === 0 ? 'pending' : n % (REVIEW_EVERY * 10) === REVIEW_EVERY ? 'rejected' : 'approved';
      const review: CustomerReviewRecord = {
        _id: b._id,
        randomNumber: b.randomNumber,
        rating: 4 + (n % 2),
        text: 'Quick, careful and friendly: everything arrived in one piece.',
        driverRating: 5,
        driver: { id: b.driver!.id, name: b.driver!.name },
        authorName: `${b.quote.name.split(' ')[0]} ${b.quote.name.split(' ')[1]?.[0] ?? ''}.`,
        status,
        submittedAt: new Date(Date.parse(b.quote.date) + 86_400_000).toISOString(),
        moderatedAt: status === 'pending' ? null : nowIso,
        moderatedBy: status === 'pending' ? null : 'bench_staff',
      };
      await reviews.insertOnce(review);
    }
    // Every paid booking has its driver's job, as the quote service keeps them: one in fifty future
    // ones back with the office, the rest accepted (the driver's own job list reads them).
    {
      const returned = !past && n % RETURNED_EVERY === 0;
      const job = {
        _id: b._id,
        bookingId: b._id,
        randomNumber: b.randomNumber,
        driverId: b.driver!.id,
        status: returned ? 'returned-to-staff' : 'accepted',
        offeredAt: b.date,
        respondBy: b.date,
        respondedAt: b.date,
        returnedBecause: returned ? 'declined' : null,
        move: {
          date: b.quote.date,
          totalHour: b.quote.totalHour,
          addresses: b.quote.totalAddress.map(({ location, physicalAddress, stair }) => ({
            location,
            physicalAddress,
            stair,
          })),
          typeofVan: b.quote.typeofVan,
          typeOfWorker: b.quote.typeOfWorker,
          description: b.quote.description,
        },
        customer: { name: b.quote.name, email: b.quote.email, phone: b.quote.phone },
        customerName: b.quote.name,
        bookingState: 'active',
        driverContact: { name: b.driver!.name, email: b.driver!.email },
      } as JobDoc;
      await jobs.insert(job);
    }
  }
  await reviewStore.close();
  await fleetStore.close();

  const chatStore = open('notification');
  await new SupportInboxPages(chatStore, systemClock).ensureIndexes();
  const chats = chatStore.collection<ConversationThread>(CONVERSATIONS);
  for (let i = 0; i * CHAT_EVERY < made.length; i++) {
    const b = made[i * CHAT_EVERY]!;
    const at = new Date(now.getTime() - (i % 2000) * 3_600_000 - i * 1000).toISOString();
    // A queue the office works down: one chat in fifty waits for an answer.
    const waiting = i % 50 === 0;
    await chats.insertOne({
      _id: `cv-bench-${String(i).padStart(6, '0')}`,
      kind: 'support',
      customer: { name: b.quote.name, email: b.quote.email },
      driver: null,
      about: null,
      page: '/booking',
      messages: [
        { id: `m${i}-1`, from: 'customer', body: 'Can you move a piano on the second floor?', at },
        ...(waiting ? [] : [{ id: `m${i}-2`, from: 'staff' as const, body: 'Yes, we can.', at, staff: 'bench_staff' }]),
      ],
      messageCount: waiting ? 1 : 2,
      createdAt: at,
      lastMessageAt: at,
      awaitingStaff: waiting,
      waitingSince: waiting ? at : null,
      outbox: [],
    });
  }
  await chatStore.close();
}
