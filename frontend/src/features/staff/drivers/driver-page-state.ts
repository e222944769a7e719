/**
 * The staff driver page's state in one reducer: the driver, the change history and the portal
 * account, each read on its own, and the saved-it line. Every save or reload of the driver remounts
 * the form (formKey) so it shows what the service now holds.
 */
import type { DriverAccountStatus, DriverAdminView, DriverAuditEntry } from '@vanhop/contracts';
import { AdminApiError } from '../admin/api';
import { adminPath } from '../../../lib/area-paths';

export const DRIVERS_LIST = adminPath('drivers');
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof AdminApiError && err.serverMessage ? err.serverMessage : fallback;

export type AccountState = DriverAccountStatus | 'unknown' | null;

export interface DriverPageState {
  driver: DriverAdminView | null;
  loadError: string | null;
  formKey: number;
  saved: string | null;
  audit: DriverAuditEntry[] | null;
  auditError: string | null;
  account: AccountState;
}

export const initialDriverPage = (saved: string | null): DriverPageState => ({
  driver: null,
  loadError: null,
  formKey: 0,
  saved,
  audit: null,
  auditError: null,
  account: null,
});

export type DriverPageAction =
  | { type: 'driverLoaded'; driver: DriverAdminView }
  | { type: 'driverFailed'; message: string }
  | { type: 'auditLoaded'; entries: DriverAuditEntry[] }
  | { type: 'auditFailed' }
  | { type: 'accountLoaded'; status: AccountState }
  | { type: 'changed'; driver: DriverAdminView; message: string }
  | { type: 'saved'; driver: DriverAdminView }
  | { type: 'savedCleared' }
  | { type: 'invited' };

export function driverPageReducer(state: DriverPageState, action: DriverPageAction): DriverPageState {
  switch (action.type) {
    case 'driverLoaded':
      return { ...state, driver: action.driver, loadError: null, formKey: state.formKey + 1 };
    case 'driverFailed':
      return { ...state, loadError: action.message };
    case 'auditLoaded':
      return { ...state, audit: action.entries, auditError: null };
    case 'auditFailed':
      return { ...state, auditError: 'The change history could not be loaded.' };
    case 'accountLoaded':
      return { ...state, account: action.status };
    case 'changed':
      return { ...state, driver: action.driver, saved: action.message };
    case 'saved':
      return { ...state, driver: action.driver, saved: 'Driver saved', formKey: state.formKey + 1 };
    case 'savedCleared':
      return { ...state, saved: null };
    case 'invited':
      return { ...state, account: state.account === 'active' ? state.account : 'invited' };
  }
}
