import type { Review } from '@vanhop/contracts';

export type { Review };

export const newestFirst = (reviews: Review[]): Review[] => [...reviews].sort((a, b) => b.time - a.time);
