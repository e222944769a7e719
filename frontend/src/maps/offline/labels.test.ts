import { describe, expect, it } from 'vitest';
import { placeLabels } from './labels';

describe('offline map labels', () => {
  it('keeps the first of two overlapping labels and drops the other', () => {
    const placed = placeLabels(
      [
        { text: 'Cricklewood', x: 100, y: 100, kind: 'place' },
        { text: 'Willesden', x: 110, y: 104, kind: 'place' },
        { text: 'Kilburn', x: 100, y: 200, kind: 'place' },
      ],
      400,
      300,
    );
    expect(placed.map((l) => l.text)).toEqual(['Cricklewood', 'Kilburn']);
  });

  it('drops labels that would run off the drawing or over a reserved area', () => {
    const placed = placeLabels(
      [
        { text: 'Edge of the world', x: 390, y: 50, kind: 'place' },
        { text: 'Under the pin', x: 200, y: 150, kind: 'place' },
        { text: 'Clear', x: 20, y: 20, kind: 'station' },
      ],
      400,
      300,
      80,
      [{ left: 180, top: 130, right: 260, bottom: 170 }],
    );
    expect(placed.map((l) => l.text)).toEqual(['Clear']);
  });

  it('centres borough names on their point and keeps only the first place a name fits', () => {
    const placed = placeLabels(
      [
        { text: 'CAMDEN', x: 200, y: 100, kind: 'borough' },
        { text: 'CAMDEN', x: 200, y: 200, kind: 'borough' },
        { text: 'ISLINGTON', x: 390, y: 200, kind: 'borough' },
        { text: 'ISLINGTON', x: 300, y: 250, kind: 'borough' },
      ],
      400,
      300,
    );
    expect(placed.map((l) => [l.text, l.x, l.y])).toEqual([
      ['CAMDEN', 200, 100],
      ['ISLINGTON', 300, 250],
    ]);
    const camden = placed[0]!.box;
    expect((camden.left + camden.right) / 2).toBe(200);
  });
});
