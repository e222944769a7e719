import type { Subscription } from '@vanhop/platform';

/** The review service consumes no events yet; it publishes ReviewRequested. */
export const reviewSubscriptions = (): Subscription[] => [];
