import { Delaunay, type Voronoi } from 'd3-delaunay';
import type { LatLng } from '../types';
import { project, type Viewport } from './projection';

/**
 * Approximate postcode-district outlines: the Voronoi diagram of the district centres (each screen
 * point belongs to the nearest centre), bounded by the view plus a margin. Real district boundaries
 * follow streets and parishes; these only show roughly where one district ends and the next begins.
 */
export function districtVoronoi(centres: LatLng[], view: Viewport, margin = 4): Voronoi<Delaunay.Point> {
  const points = centres.map((c) => {
    const p = project(c, view);
    return [p.x, p.y] as Delaunay.Point;
  });
  return Delaunay.from(points).voronoi([-margin, -margin, view.width + margin, view.height + margin]);
}

/** The cell edges as one SVG path (coordinates rounded to 0.1 px). */
export function districtCellsPath(centres: LatLng[], view: Viewport): string {
  // Zoomed in between district centres, no edge crosses the view and d3 draws nothing (null).
  return (districtVoronoi(centres, view).render() ?? '').replace(/\d+\.\d+/g, (n) => Number(n).toFixed(1));
}
