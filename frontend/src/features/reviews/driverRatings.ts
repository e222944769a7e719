/** Kept at this path only for the browser test that imports it (e2e/reviews): the ratings are read in api/. */
export { combinedRating, fetchDriverRatings } from '../../api/driverRatings';
