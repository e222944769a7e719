import { MongoClient } from 'mongodb';
import type { ComposeStack } from '../compose-stack.js';
import type { FaultWindow } from './chaos.js';
import type { MoveResult } from './moves.js';

interface Mail {
  ID: string;
  /** The Message-ID header, without its angle brackets: a resend of one message carries the same. */
  MessageID: string;
  Subject: string;
  To: { Address: string }[];
  Created: string;
}

export interface Audit {
  paid: number;
  /** Each entry: a booking the client saw paid, and what is wrong with it. */
  violations: string[];
  /** This run's paid moves' mails, each message counted once however often it was delivered. */
  confirmationMails: number;
  driverMails: number;
  /**
   * Deliveries of a message already delivered (same Message-ID): a notification process killed
   * between a send and its record sends it again after the restart, by design (at least once), and
   * a mail client shows one. Reported, not a violation; a second message for one move is.
   */
  resent: number;
  /** paid → the customer's confirmation mail at the SMTP server, ms. */
  latency: { duringFaults: number[]; outsideFaults: number[] };
}

const CONFIRMED = /^Booking confirmed: .* \(ref (\d+)\)$/;
const NEW_JOB = /^New job (\d+): /;

/** The mails the SMTP catcher holds (newest first). */
export async function mails(stack: ComposeStack): Promise<Mail[]> {
  const res = await fetch(`${stack.mailUrl}/api/v1/messages`);
  if (!res.ok) throw new Error(`the SMTP catcher answered ${res.status}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** The distinct messages among `list` (one per Message-ID, the first delivered). */
const distinct = (list: Mail[]): Mail[] => {
  const seen = new Map<string, Mail>();
  for (const m of [...list].reverse()) if (!seen.has(m.MessageID || m.ID)) seen.set(m.MessageID || m.ID, m);
  return [...seen.values()];
};

const codeCounts = (list: Mail[], pattern: RegExp): Map<number, Mail[]> => {
  const counts = new Map<number, Mail[]>();
  for (const m of list) {
    const match = pattern.exec(m.Subject);
    if (match) counts.set(Number(match[1]), [...(counts.get(Number(match[1])) ?? []), m]);
  }
  return counts;
};

/**
 * Until every paid booking's two mails have arrived and its driver job exists (fleet makes it from
 * BookingConfirmed, on its own consumer group: it may lag the mails), or the time is up: the audit
 * then says which did not.
 */
export async function untilMailed(
  stack: ComposeStack,
  codes: number[],
  wait: { stallMs: number; capMs: number },
): Promise<{ done: boolean; mailed: number; jobs: number }> {
  // A backlog left by a long outage takes as long as it takes: the wait ends when the count stops
  // moving for `stallMs` (something is stuck) or at the cap, not at a fixed time.
  const cap = Date.now() + wait.capMs;
  let progress = { count: -1, at: Date.now() };
  const client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 10_000, retryWrites: false });
  await client.connect();
  try {
    for (;;) {
      const list = await mails(stack).catch(() => []);
      const confirmed = codeCounts(list, CONFIRMED);
      const jobs = codeCounts(list, NEW_JOB);
      const mailed = codes.filter((c) => confirmed.has(c) && jobs.has(c)).length;
      const db = client.db('vanhop');
      const paidIds = await db
        .collection('bookings')
        .find({ randomNumber: { $in: codes } }, { projection: { _id: 1 } })
        .toArray()
        .catch(() => null);
      const jobCount = paidIds
        ? await db
            .collection('driver_jobs')
            .countDocuments({ _id: { $in: paidIds.map((b) => b._id) } })
            .catch(() => -1)
        : -1;
      const done = mailed === codes.length && jobCount === codes.length;
      if (mailed + jobCount > progress.count) progress = { count: mailed + jobCount, at: Date.now() };
      const stalled = Date.now() - progress.at > wait.stallMs;
      if (done || stalled || Date.now() > cap) return { done, mailed, jobs: jobCount };
      await new Promise((r) => setTimeout(r, 1_000));
    }
  } finally {
    await client.close();
  }
}

/**
 * Counts from the stores and the SMTP catcher, never from what the client believes: every booking
 * the client saw paid is paid once in the booking store, has one succeeded payment, one driver job,
 * one confirmation mail and one driver mail; and no booking anywhere is paid without a succeeded
 * payment, or has one and is not paid.
 */
export async function audit(stack: ComposeStack, results: MoveResult[], windows: FaultWindow[]): Promise<Audit> {
  const client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 10_000, retryWrites: false });
  await client.connect();
  try {
    const db = client.db('vanhop');
    const bookings = await db.collection('bookings').find({}).toArray();
    const payments = await db.collection('payments').find({}).toArray();
    const jobs = await db.collection('driver_jobs').find({}).toArray();
    const list = await mails(stack);
    const confirmed = codeCounts(list, CONFIRMED);
    const newJobs = codeCounts(list, NEW_JOB);
    const byCode = new Map(bookings.map((b) => [Number(b.randomNumber), b]));
    const succeeded = new Map<number, number>();
    for (const p of payments)
      if (p.status === 'succeeded')
        succeeded.set(Number(p.randomNumber), (succeeded.get(Number(p.randomNumber)) ?? 0) + 1);
    const jobsByBooking = new Map<string, number>();
    // A job is keyed by its booking's id: one at most by construction, so what counts is that it is there.
    for (const j of jobs) jobsByBooking.set(String(j._id), (jobsByBooking.get(String(j._id)) ?? 0) + 1);

    const violations: string[] = [];
    let confirmationMails = 0;
    let driverMails = 0;
    let resent = 0;
    const latency = { duringFaults: [] as number[], outsideFaults: [] as number[] };
    const paid = results.filter(
      (r): r is MoveResult & { code: number; paidAt: number } => r.code !== undefined && r.paidAt !== undefined,
    );
    for (const r of paid) {
      const b = byCode.get(r.code);
      const problems: string[] = [];
      if (!b) problems.push('no booking in the store');
      else {
        if (b.paymentStatus !== '30percentage') problems.push(`paymentStatus ${b.paymentStatus}`);
        if ((b.state ?? 'active') !== 'active') problems.push(`state ${b.state}`);
        if ((jobsByBooking.get(String(b._id)) ?? 0) !== 1)
          problems.push(`${jobsByBooking.get(String(b._id)) ?? 0} driver jobs`);
      }
      if ((succeeded.get(r.code) ?? 0) !== 1) problems.push(`${succeeded.get(r.code) ?? 0} succeeded payments`);
      const delivered = confirmed.get(r.code) ?? [];
      const driverDelivered = newJobs.get(r.code) ?? [];
      const mail = distinct(delivered);
      const driverMail = distinct(driverDelivered);
      confirmationMails += mail.length;
      driverMails += driverMail.length;
      resent += delivered.length - mail.length + driverDelivered.length - driverMail.length;
      if (mail.length !== 1) problems.push(`${mail.length} confirmation mails`);
      if (driverMail.length !== 1) problems.push(`${driverMail.length} driver mails`);
      if (problems.length > 0) violations.push(`move ${r.index} (ref ${r.code}): ${problems.join(', ')}`);
      if (mail[0]) {
        const mailedAt = Date.parse(mail[0].Created);
        const overlapped = windows.some((w) => w.startedAt <= mailedAt && w.endedAt >= r.paidAt);
        (overlapped ? latency.duringFaults : latency.outsideFaults).push(Math.max(0, mailedAt - r.paidAt));
      }
    }
    // Nothing the client did not see paid may be paid, and nothing paid may lack its payment.
    for (const b of bookings) {
      const code = Number(b.randomNumber);
      const isPaid = b.paymentStatus !== 'unpaid';
      const payment = succeeded.get(code) ?? 0;
      if (isPaid && payment === 0) violations.push(`ref ${code}: ${b.paymentStatus} without a succeeded payment`);
      if (!isPaid && payment > 0) violations.push(`ref ${code}: ${payment} succeeded payments but still unpaid`);
      if (!isPaid && confirmed.has(code)) violations.push(`ref ${code}: a confirmation mail but unpaid`);
    }
    return {
      paid: paid.length,
      violations,
      confirmationMails,
      driverMails,
      resent,
      latency,
    };
  } finally {
    await client.close();
  }
}

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
