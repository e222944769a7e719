/** The van on the customer's map: the phone's position while on the way (`/api/driver/me/jobs/:id/position`). */
import type { VanPosition } from '@vanhop/contracts';
import { createBearerClient } from '../../api/bearer-client';
import { PortalApiError } from './api';

const call = createBearerClient({
  ErrorClass: PortalApiError,
  serverMessageOf: (body) =>
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined,
});

export const sendVanPosition = (token: string, bookingId: string, position: VanPosition) =>
  call<void>(`/driver/me/jobs/${encodeURIComponent(bookingId)}/position`, {
    method: 'POST',
    token,
    body: position,
  });
