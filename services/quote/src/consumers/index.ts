import type { Subscription } from '@vanhop/platform';

export const quoteSubscriptions = (): Subscription[] => [];
