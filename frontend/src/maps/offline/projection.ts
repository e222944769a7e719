import type { LatLng } from '../types';

/** Web Mercator at Google's tile scale: the world is 256 × 2^zoom pixels wide, so zoom levels match the Google map. */
const TILE = 256;
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

export interface Viewport {
  center: LatLng;
  zoom: number;
  width: number;
  height: number;
}

function worldPixel({ lat, lng }: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** Screen position of a point, with the viewport's centre in the middle of the drawing. */
export function project(point: LatLng, view: Viewport): { x: number; y: number } {
  const c = worldPixel(view.center, view.zoom);
  const p = worldPixel(point, view.zoom);
  return { x: p.x - c.x + view.width / 2, y: p.y - c.y + view.height / 2 };
}

/** Ground metres per screen pixel at a latitude (Mercator stretches distances by 1/cos(lat)). */
export function metresPerPixel(lat: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180)) / (TILE * 2 ** zoom);
}

export function isVisible(pos: { x: number; y: number }, view: Viewport, margin = 0): boolean {
  return pos.x >= -margin && pos.y >= -margin && pos.x <= view.width + margin && pos.y <= view.height + margin;
}

/** A round scale-bar length (1, 2 or 5 × 10^n metres) no wider than maxPixels. */
export function scaleBar(
  lat: number,
  zoom: number,
  maxPixels = 120,
): { metres: number; pixels: number; label: string } {
  const mpp = metresPerPixel(lat, zoom);
  const maxMetres = mpp * maxPixels;
  const magnitude = 10 ** Math.floor(Math.log10(maxMetres));
  const metres = [5, 2, 1].map((m) => m * magnitude).find((m) => m <= maxMetres) ?? magnitude;
  return { metres, pixels: metres / mpp, label: metres >= 1000 ? `${metres / 1000} km` : `${metres} m` };
}
