export interface LabelCandidate {
  text: string;
  x: number;
  y: number;
  /** Borough names sit centred on their point, in capitals; the others start just right of a dot. */
  kind: 'city' | 'district' | 'place' | 'station' | 'borough';
  /** Where the place is, for rules about places (the coverage rule). */
  at?: { lat: number; lng: number };
}

export interface PlacedLabel extends LabelCandidate {
  box: { left: number; top: number; right: number; bottom: number };
}

const CHAR_WIDTH = { city: 7.5, district: 6.2, place: 6.2, station: 6, borough: 8 } as const;
export const LINE_HEIGHT = 14;

/** The width of a label's box in pixels (an estimate: the text is not measured). */
export const labelWidth = (c: Pick<LabelCandidate, 'text' | 'kind'>) => c.text.length * CHAR_WIDTH[c.kind] + 8;

/** The box a dotted name takes (its text starts just right of the dot; borough names are centred). */
function labelBox(c: LabelCandidate) {
  const w = labelWidth(c);
  const left = c.kind === 'borough' ? c.x - w / 2 : c.x + 5;
  return { left, top: c.y - LINE_HEIGHT / 2 - 1, right: left + w, bottom: c.y + LINE_HEIGHT / 2 + 1 };
}

/**
 * Names of places the coverage rule refuses, left out where their dot or text would fall inside
 * the coverage circle (a name beside a dot just outside the edge reads as inside).
 */
export function outsideNamesClearOfCircle(
  candidates: LabelCandidate[],
  circle: { x: number; y: number; r: number },
  covers: (at: { lat: number; lng: number }) => boolean,
): LabelCandidate[] {
  return candidates.filter((c) => {
    if (!c.at || covers(c.at)) return true;
    const b = labelBox(c);
    const nearestX = Math.min(Math.max(circle.x, Math.min(b.left, c.x - 4)), b.right);
    const nearestY = Math.min(Math.max(circle.y, b.top), b.bottom);
    return Math.hypot(nearestX - circle.x, nearestY - circle.y) > circle.r + 2;
  });
}

/**
 * Greedy label placement: candidates come in priority order and a label is kept only when its box
 * does not overlap a kept one, so the map stays readable at every zoom. A name may come several times
 * (other places it could go): only the first that fits is kept.
 */
export function placeLabels(
  candidates: LabelCandidate[],
  width: number,
  height: number,
  limit = 80,
  reserved: PlacedLabel['box'][] = [],
): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const taken = [...reserved];
  const named = new Set<string>();
  for (const c of candidates) {
    if (placed.length >= limit) break;
    if (named.has(`${c.kind}|${c.text}`)) continue;
    const box = labelBox(c);
    if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height) continue;
    if (taken.some((t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom))
      continue;
    placed.push({ ...c, box });
    taken.push(box);
    named.add(`${c.kind}|${c.text}`);
  }
  return placed;
}
