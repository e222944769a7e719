/** The driver's own statement (the payment service, `/api/driver/earnings`; the driver is the token's). */
import type { EarningsStatement } from '@vanhop/contracts';
import { createBearerClient } from '../../api/bearer-client';
import { PortalApiError } from './api';

const call = createBearerClient({
  ErrorClass: PortalApiError,
  serverMessageOf: (body) =>
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined,
});

export const fetchOwnStatement = (token: string, week?: string) =>
  call<EarningsStatement>(`/driver/earnings${week ? `?week=${encodeURIComponent(week)}` : ''}`, { token });

export const ownStatementCsvPath = (week: string) => `/driver/earnings/statement.csv?week=${encodeURIComponent(week)}`;
