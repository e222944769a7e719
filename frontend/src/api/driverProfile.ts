/** A driver's public profile and their newest approved reviews, read when a customer opens it. */
import type { DriverProfile, DriverReviewsResponse } from '@vanhop/contracts';
import { request } from './client';

export const fetchDriverProfile = (driverId: string) =>
  request<DriverProfile>('GET', `/driver-profiles/${encodeURIComponent(driverId)}`);

export const fetchDriverReviews = (driverId: string) =>
  request<DriverReviewsResponse>('GET', `/reviews/drivers/${encodeURIComponent(driverId)}`);
