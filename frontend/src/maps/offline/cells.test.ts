import { describe, expect, it } from 'vitest';
import { districtCellsPath } from './cells';

describe('district outlines', () => {
  it('draw nothing, without failing, when the view is zoomed in inside one district', () => {
    const centres = [
      { lat: 51.5585, lng: -0.2199 },
      { lat: 51.6, lng: -0.1 },
    ];
    const view = { center: { lat: 51.5585, lng: -0.2199 }, zoom: 16, width: 340, height: 300 };
    expect(districtCellsPath(centres, view)).toBe('');
  });
});
