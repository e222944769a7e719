import type { Subscription } from '@vanhop/platform';

export const bookingSubscriptions = (): Subscription[] => [];
