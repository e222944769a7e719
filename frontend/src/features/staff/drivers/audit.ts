/** How one driver's audit log reads on their staff page: who changed what, in words. */
import {
  driverChangeLine,
  driverFieldLabel,
  driverFieldValue,
  type DriverAdminView,
  type DriverAuditEntry,
} from '@vanhop/contracts';

/** A new driver reads "Added", not a count of every field it was added with. */
export const ACTION_WORDS: Record<DriverAuditEntry['action'], string> = {
  created: 'Added',
  updated: 'Updated',
  suspended: 'Suspended',
  reactivated: 'Reactivated',
};

/** The words of the driver-updated mail (contracts' driver-field-words), so staff and driver read the same. */
export const auditValue = driverFieldValue;
export const auditLabel = driverFieldLabel;

/** One change as the history lists it: "Large van per hour: £40.00 → £42.00". */
export const auditLine = (field: string, change: { from: unknown; to: unknown }): string =>
  driverChangeLine({ field, ...change });

/** Above this many changed fields an entry folds its list away, naming the first few in the summary. */
export const FOLD_AFTER = 8;
const NAMED_IN_SUMMARY = 3;

/** "Changed: Large van per hour; Via stop; Minimum hours and 12 more": the folded entry's summary, in words. */
export function changedSummary(fields: readonly string[]): string {
  const named = fields.slice(0, NAMED_IN_SUMMARY).map(driverFieldLabel).join('; ');
  const more = fields.length - NAMED_IN_SUMMARY;
  return more > 0 ? `Changed: ${named} and ${more} more` : `Changed: ${named}`;
}

/**
 * The service records a driver's own edits as `driver:<id>`: on that driver's page it is their name
 * (a long id wrapped over two lines of the history card). Anyone else is their staff username.
 */
export function auditActor(by: string, driver: Pick<DriverAdminView, 'id' | 'name'>): string {
  return by === `driver:${driver.id}` ? `${driver.name} (driver portal)` : by;
}
