import { describe, expect, it } from 'vitest';
import { COVERAGE_CIRCLE_METRES, COVERAGE_MAP_ZOOM, NW2_REFERENCE, withinServiceArea } from '@vanhop/contracts';
import { outsideNamesClearOfCircle, type LabelCandidate } from './labels';
import { metresPerPixel, project, type Viewport } from './projection';

const view: Viewport = { center: NW2_REFERENCE, zoom: COVERAGE_MAP_ZOOM, width: 800, height: 600 };
const circle = { x: 400, y: 300, r: COVERAGE_CIRCLE_METRES / metresPerPixel(NW2_REFERENCE.lat, COVERAGE_MAP_ZOOM) };
const city = (text: string, lat: number, lng: number): LabelCandidate => ({
  text,
  kind: 'city',
  at: { lat, lng },
  ...project({ lat, lng }, view),
});

describe('the coverage map shows no refused place inside the circle', () => {
  it('leaves out Reading (outside by the rule, its name reaching into the circle) and keeps places the rule accepts', () => {
    const reading = city('Reading', 51.454, -0.971);
    const london = city('London', 51.514, -0.125);
    const luton = city('Luton', 51.875, -0.425);
    expect(withinServiceArea(reading.at!)).toBe(false);
    const kept = outsideNamesClearOfCircle([reading, london, luton], circle, withinServiceArea).map((c) => c.text);
    expect(kept).toContain('London');
    expect(kept).not.toContain('Reading');
  });

  it('keeps a refused place whose name stays well clear of the circle', () => {
    const cambridge = city('Cambridge', 52.177, 0.188);
    expect(outsideNamesClearOfCircle([cambridge], circle, withinServiceArea)).toHaveLength(1);
  });
});
