import type { JobView } from '@vanhop/contracts';
import { staffCall } from './api';

/** Moves starting within hours with no accepted driver (the office is mailed about each once). */
export const fetchUnconfirmedSoon = (token: string) =>
  staffCall<JobView[]>('/drivers/admin/jobs/unconfirmed-soon', { token });
