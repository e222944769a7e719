/** Where the driver's van is on the day (`GET /api/mymove/:token/van`; the signed link is the credential). */
import type { VanLocationView } from '@vanhop/contracts';
import { request } from '../../api/client';

export const getMyMoveVan = (token: string, signal?: AbortSignal) =>
  request<VanLocationView>('GET', `/mymove/${encodeURIComponent(token)}/van`, undefined, signal);
