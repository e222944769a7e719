/** How one driver's audit log reads on their staff page: who changed what, in words. */
import type { DriverAdminView, DriverAuditEntry } from '@vanhop/contracts';
import { pounds } from './format';

export const ACTION_WORDS: Record<DriverAuditEntry['action'], string> = { created: 'Created', updated: 'Updated', suspended: 'Suspended', reactivated: 'Reactivated' };

export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  if (typeof value === 'number') return /Pence/.test(field) ? pounds(value) : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The service records a driver's own edits as `driver:<id>`: on that driver's page it is their name
 * (a long id wrapped over two lines of the history card). Anyone else is their staff username.
 */
export function auditActor(by: string, driver: Pick<DriverAdminView, 'id' | 'name'>): string {
  return by === `driver:${driver.id}` ? `${driver.name} (driver portal)` : by;
}
