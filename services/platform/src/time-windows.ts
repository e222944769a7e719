const DAY_MS = 86_400_000;
/** The first window's span and how much each next one widens it; past the last span the range is open. */
const FIRST_SPAN_DAYS = 1;
const WIDEN = 4;
const LAST_SPAN_DAYS = 4 ** 9; // about 700 years

/**
 * The ranges of an ISO time field a newest-first page reads through, narrowest first: each ends at
 * `edge` (included) and reaches further back, the last open. The embedded store sorts all that a
 * range holds before it limits, so reading the narrowest range that fills the page keeps a page's
 * cost to the rows near it, whatever the collection holds; MongoDB walks its index either way.
 */
export function* newestFirstWindows(edge: string): Generator<Record<'$lte' | '$gte', string>> {
  const end = Date.parse(edge);
  for (let span = FIRST_SPAN_DAYS; span <= LAST_SPAN_DAYS && Number.isFinite(end); span *= WIDEN)
    yield { $lte: edge, $gte: new Date(end - span * DAY_MS).toISOString() };
  yield { $lte: edge, $gte: '' };
}
