import { businessFiguresSchema, type BusinessFigures, type DriverAvailableHours } from '@vanhop/contracts';
import { staffCall as call } from './api';

/** The dashboard's figures (admin-auth), checked against the wire contract before anything is drawn. */
export const fetchBusinessFigures = async (token: string): Promise<BusinessFigures> =>
  businessFiguresSchema.validateSync(await call<unknown>('/dashboard/business', { token }), {
    stripUnknown: false,
  }) as BusinessFigures;

/** Each active driver's working hours over the window (quote owns drivers' hours). */
export const fetchDriverAvailableHours = (token: string, from: string) =>
  call<DriverAvailableHours>(`/drivers/admin/hours?from=${encodeURIComponent(from)}`, { token });
