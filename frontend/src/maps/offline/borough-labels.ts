import type { Ring } from './land';
import { labelSpots } from './label-spots';
import { LINE_HEIGHT, labelWidth, type LabelCandidate } from './labels';
import { boxInView, type BoroughLayer } from './boroughs';
import { isVisible, project, type Viewport } from './projection';

/** At most this many places to try per borough name (the label placer takes the first that is free). */
const TRIES_PER_BOROUGH = 12;
/** Scan lines this many pixels apart when looking for room inside a borough. */
const SCAN_STEP = 6;

/**
 * Where each borough in view could have its name: only where the whole name fits inside the borough's
 * visible part (so zoomed out, small boroughs go unnamed rather than spill over their neighbours). When
 * the borough's label point is in view the places nearest it come first, otherwise the roomiest.
 */
export function boroughLabelCandidates(layer: BoroughLayer, view: Viewport): LabelCandidate[] {
  const candidates: LabelCandidate[] = [];
  for (const borough of layer.boroughs) {
    if (!boxInView(borough.box, view, 0)) continue;
    const text = borough.name.toUpperCase();
    const needed = labelWidth({ text, kind: 'borough' }) + 8;
    const rings: Ring[] = borough.rings.map((ring) =>
      ring.map(([lng, lat]) => {
        const p = project({ lat, lng }, view);
        return [p.x, p.y];
      }),
    );
    // Scan only the part of the view the borough covers.
    const nw = project({ lat: borough.box.bottom, lng: borough.box.left }, view);
    const se = project({ lat: borough.box.top, lng: borough.box.right }, view);
    const area = {
      left: Math.max(0, nw.x),
      top: Math.max(0, nw.y),
      right: Math.min(view.width, se.x),
      bottom: Math.min(view.height, se.y),
    };
    const spots = labelSpots(rings, area, LINE_HEIGHT + 4, SCAN_STEP).filter((s) => s.width >= needed);
    const home = project(borough.label, view);
    if (isVisible(home, view))
      spots.sort((a, b) => Math.hypot(a.x - home.x, a.y - home.y) - Math.hypot(b.x - home.x, b.y - home.y));
    for (const spot of spots.slice(0, TRIES_PER_BOROUGH))
      candidates.push({ text, kind: 'borough', x: spot.x, y: spot.y });
  }
  return candidates;
}
