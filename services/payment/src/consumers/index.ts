import type { Subscription } from '@vanhop/platform';

export const paymentSubscriptions = (): Subscription[] => [];
