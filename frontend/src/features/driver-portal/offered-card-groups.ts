/**
 * The price card groups a driver prices on their Prices page: only the vans and help levels they
 * offer (staff set those). The card keeps a number for every van and help level, but a number the
 * driver is never quoted at is noise there (and staff's bounds for it are often £0.00–£0.00).
 */
import type { DriverSelfView } from '@vanhop/contracts';
import { CARD_GROUPS, type CardGroup } from '../../lib/price-card-form';

/** `vanPerHourPence.Large` → its kind and key; other fields are neither a van nor a help level. */
const KEYED: Record<string, 'van' | 'help'> = {
  vanPerHourPence: 'van',
  helpersPerHourPence: 'help',
  stairPerFlightPerHourPence: 'help',
};

export function offeredCardGroups(
  driver: Pick<DriverSelfView, 'vanSizes' | 'helpLevels'>,
  groups: CardGroup[] = CARD_GROUPS,
): CardGroup[] {
  const offered = { van: new Set<string>(driver.vanSizes), help: new Set<string>(driver.helpLevels) };
  const keep = (path: string) => {
    const [head = '', key = ''] = path.split('.');
    const kind = KEYED[head];
    return !kind || offered[kind].has(key);
  };
  return groups.map((g) => ({ ...g, fields: g.fields.filter((f) => keep(f.path)) })).filter((g) => g.fields.length > 0);
}
