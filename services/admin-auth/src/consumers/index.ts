import type { Subscription } from '@vanhop/platform';

/** admin-auth consumes no events. */
export const adminAuthSubscriptions = (): Subscription[] => [];
