/** Kept at this path only for the browser tests that import it (e2e/admin, e2e/amend): the staff area lives in features/staff. */
export { formatLondonDate } from '../../lib/london-date';
