/** The van on the customer's map: the phone's position while on the way (`/api/driver/me/jobs/:id/position`). */
import type { VanPosition } from '@vanhop/contracts';
import { portalCall as call } from './api';

export const sendVanPosition = (token: string, bookingId: string, position: VanPosition) =>
  call<void>(`/driver/me/jobs/${encodeURIComponent(bookingId)}/position`, {
    method: 'POST',
    token,
    body: position,
  });
