/** Staff calls of drivers' earnings (the payment service, `/api/earnings/admin/*`). */
import type { CommissionRateView, EarningsStatement, PayoutView } from '@vanhop/contracts';
import { staffCall as call } from '../admin/api';

const weekQuery = (week?: string) => (week ? `?week=${encodeURIComponent(week)}` : '');

export const statementPath = (driverId: string, week?: string) =>
  `/earnings/admin/drivers/${encodeURIComponent(driverId)}${week ? `/statement.csv${weekQuery(week)}` : ''}`;

export const fetchDriverStatement = (token: string, driverId: string, week?: string) =>
  call<EarningsStatement>(`/earnings/admin/drivers/${encodeURIComponent(driverId)}${weekQuery(week)}`, { token });

export const payOutWeek = (token: string, driverId: string, week: string) =>
  call<PayoutView>(`/earnings/admin/drivers/${encodeURIComponent(driverId)}/payouts`, {
    method: 'POST',
    token,
    body: { week },
  });

export const fetchCommissionRate = (token: string) => call<CommissionRateView>('/earnings/admin/rate', { token });

export const saveCommissionRate = (token: string, ratePercent: number) =>
  call<CommissionRateView>('/earnings/admin/rate', { method: 'PUT', token, body: { ratePercent } });
