export interface LabelCandidate {
  text: string;
  x: number;
  y: number;
  /** Borough names sit centred on their point, in capitals; the others start just right of a dot. */
  kind: 'city' | 'district' | 'place' | 'station' | 'borough';
}

export interface PlacedLabel extends LabelCandidate {
  box: { left: number; top: number; right: number; bottom: number };
}

const CHAR_WIDTH = { city: 7.5, district: 6.2, place: 6.2, station: 6, borough: 8 } as const;
export const LINE_HEIGHT = 14;

/** The width of a label's box in pixels (an estimate: the text is not measured). */
export const labelWidth = (c: Pick<LabelCandidate, 'text' | 'kind'>) => c.text.length * CHAR_WIDTH[c.kind] + 8;

/**
 * Greedy label placement: candidates come in priority order and a label is kept only when its box
 * does not overlap a kept one, so the map stays readable at every zoom. A name may come several times
 * (other places it could go): only the first that fits is kept.
 */
export function placeLabels(candidates: LabelCandidate[], width: number, height: number, limit = 80, reserved: PlacedLabel['box'][] = []): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const taken = [...reserved];
  const named = new Set<string>();
  for (const c of candidates) {
    if (placed.length >= limit) break;
    if (named.has(`${c.kind}|${c.text}`)) continue;
    const w = labelWidth(c);
    const left = c.kind === 'borough' ? c.x - w / 2 : c.x + 5;
    const box = { left, top: c.y - LINE_HEIGHT / 2 - 1, right: left + w, bottom: c.y + LINE_HEIGHT / 2 + 1 };
    if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height) continue;
    if (taken.some((t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom)) continue;
    placed.push({ ...c, box });
    taken.push(box);
    named.add(`${c.kind}|${c.text}`);
  }
  return placed;
}
