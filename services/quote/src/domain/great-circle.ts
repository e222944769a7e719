// The distance and the coverage rule live in contracts: the web app's search and coverage map use the same function.
export { haversineMiles, pickupCoverage, type LatLng } from '@vanhop/contracts';

export const round2 = (n: number) => Math.round(n * 100) / 100;
