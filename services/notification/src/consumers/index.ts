import { TOPICS } from '@vanhop/contracts';
import type { Cache, Logger, SubscribeOptions, Subscription } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import { onQuoteSaved } from './on-quote-saved.js';
import { onBookingConfirmed } from './on-booking-confirmed.js';
import { onReviewRequested } from './on-review-requested.js';
import { onContactMessageReceived } from './on-contact-message-received.js';
import { onConversationMessagePosted } from './on-conversation-message-posted.js';
import type { ConversationMail } from '../app/conversation-mail.js';
import { onBookingCancelled } from './on-booking-cancelled.js';
import { onRefundIssued } from './on-refund-issued.js';
import { CUSTOMER_AND_DRIVER_TOPICS, onCustomerAndDriverMail } from './on-customer-and-driver-mail.js';
import {
  onJobAccepted,
  onJobConflictFound,
  onJobOffered,
  onJobReassigned,
  onJobUnconfirmedSoon,
  onJobReturned,
} from './on-driver-jobs.js';
import { onDriverInvited, onDriverUpdated } from './on-driver-account.js';
import { onJobProgressed, onJobReminded } from './on-job-day.js';
import { onDriverDocumentExpiring } from './on-driver-documents.js';
import { onCheckoutReleaseOffered } from './on-checkout-release-offered.js';
import { onCustomerSignInLinkIssued } from './on-customer-sign-in-link-issued.js';

export interface NotificationConsumerDeps {
  notifier: Notifier;
  logger: Logger;
  /** Counts saved-quote messages per recipient (shared by all instances with Redis). */
  cache: Cache;
  officeEmail: string;
  publicUrl: string;
  reviewUrl: string;
  /** Generous retries: an SMTP outage should delay mail, never drop it to the dead-letter topic. */
  delivery: SubscribeOptions;
  conversationMail: ConversationMail;
}

export const notificationSubscriptions = (deps: NotificationConsumerDeps): Subscription[] => [
  { topic: TOPICS.quoteSaved, handler: onQuoteSaved(deps.notifier, deps, deps), options: deps.delivery },
  {
    topic: TOPICS.bookingConfirmed,
    handler: onBookingConfirmed(deps.notifier, deps, deps.logger),
    options: deps.delivery,
  },
  { topic: TOPICS.reviewRequested, handler: onReviewRequested(deps.notifier, deps), options: deps.delivery },
  {
    topic: TOPICS.contactMessageReceived,
    handler: onContactMessageReceived(deps.notifier, deps.officeEmail),
    options: deps.delivery,
  },
  {
    topic: TOPICS.bookingCancelled,
    handler: onBookingCancelled(deps.notifier, deps, deps.logger),
    options: deps.delivery,
  },
  ...CUSTOMER_AND_DRIVER_TOPICS.map((topic) => ({
    topic,
    handler: onCustomerAndDriverMail(topic, deps.notifier, deps),
    options: deps.delivery,
  })),
  { topic: TOPICS.refundIssued, handler: onRefundIssued(deps.notifier, deps), options: deps.delivery },
  {
    topic: TOPICS.conversationMessagePosted,
    handler: onConversationMessagePosted(deps.conversationMail),
    options: deps.delivery,
  },
  { topic: TOPICS.jobOffered, handler: onJobOffered(deps.notifier, deps), options: deps.delivery },
  { topic: TOPICS.jobAccepted, handler: onJobAccepted(deps.notifier, deps.officeEmail, deps), options: deps.delivery },
  { topic: TOPICS.jobReturned, handler: onJobReturned(deps.notifier, deps.officeEmail, deps), options: deps.delivery },
  { topic: TOPICS.jobReassigned, handler: onJobReassigned(deps.notifier, deps), options: deps.delivery },
  {
    topic: TOPICS.jobUnconfirmedSoon,
    handler: onJobUnconfirmedSoon(deps.notifier, deps.officeEmail, deps),
    options: deps.delivery,
  },
  {
    topic: TOPICS.jobConflictFound,
    handler: onJobConflictFound(deps.notifier, deps.officeEmail, deps),
    options: deps.delivery,
  },
  { topic: TOPICS.driverUpdated, handler: onDriverUpdated(deps.notifier, deps), options: deps.delivery },
  { topic: TOPICS.driverInvited, handler: onDriverInvited(deps.notifier, deps), options: deps.delivery },
  { topic: TOPICS.jobReminded, handler: onJobReminded(deps.notifier, deps), options: deps.delivery },
  { topic: TOPICS.jobProgressed, handler: onJobProgressed(deps.notifier, deps), options: deps.delivery },
  {
    topic: TOPICS.checkoutReleaseOffered,
    handler: onCheckoutReleaseOffered(deps.notifier, deps, deps),
    options: deps.delivery,
  },
  {
    topic: TOPICS.customerSignInLinkIssued,
    handler: onCustomerSignInLinkIssued(deps.notifier, deps),
    options: deps.delivery,
  },
  {
    topic: TOPICS.driverDocumentExpiring,
    handler: onDriverDocumentExpiring(deps.notifier, deps.officeEmail, deps),
    options: deps.delivery,
  },
];
