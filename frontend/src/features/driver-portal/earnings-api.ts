/** The driver's own statement (the payment service, `/api/driver/earnings`; the driver is the token's). */
import type { EarningsStatement } from '@vanhop/contracts';
import { portalCall as call } from './api';

export const fetchOwnStatement = (token: string, week?: string) =>
  call<EarningsStatement>(`/driver/earnings${week ? `?week=${encodeURIComponent(week)}` : ''}`, { token });

export const ownStatementCsvPath = (week: string) => `/driver/earnings/statement.csv?week=${encodeURIComponent(week)}`;
