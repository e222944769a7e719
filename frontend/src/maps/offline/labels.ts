export interface LabelCandidate {
  text: string;
  x: number;
  y: number;
  kind: 'city' | 'district' | 'place' | 'station';
}

export interface PlacedLabel extends LabelCandidate {
  box: { left: number; top: number; right: number; bottom: number };
}

const CHAR_WIDTH = { city: 7.5, district: 6.2, place: 6.2, station: 6 } as const;
const LINE_HEIGHT = 14;

/**
 * Greedy label placement: candidates come in priority order and a label is kept only when its box
 * does not overlap a kept one, so the map stays readable at every zoom.
 */
export function placeLabels(candidates: LabelCandidate[], width: number, height: number, limit = 80, reserved: PlacedLabel['box'][] = []): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const taken = [...reserved];
  for (const c of candidates) {
    if (placed.length >= limit) break;
    const w = c.text.length * CHAR_WIDTH[c.kind] + 8;
    const box = { left: c.x + 5, top: c.y - LINE_HEIGHT / 2 - 1, right: c.x + 5 + w, bottom: c.y + LINE_HEIGHT / 2 + 1 };
    if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height) continue;
    if (taken.some((t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom)) continue;
    placed.push({ ...c, box });
    taken.push(box);
  }
  return placed;
}
