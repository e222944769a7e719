import type { LatLng } from '../../ui/map';

const TILE = 256;

/**
 * The centre and zoom that show both points on a map about `width` × `height` pixels, with room
 * for their labels: the widest zoom step at which the pair fits in the middle two thirds.
 */
export function viewOfBoth(a: LatLng, b: LatLng, width = 340, height = 300): { center: LatLng; zoom: number } {
  const center = { lat: (a.lat + b.lat) / 2, lng: (a.lng + b.lng) / 2 };
  const dLng = Math.abs(a.lng - b.lng);
  // Mercator stretches north-south distances by 1/cos(lat).
  const dLat = Math.abs(a.lat - b.lat) / Math.cos((center.lat * Math.PI) / 180);
  const fits = (span: number, pixels: number) =>
    span === 0 ? Number.POSITIVE_INFINITY : Math.log2((pixels * 360) / (span * TILE));
  const zoom = Math.floor(Math.min(fits(dLng, (width * 2) / 3), fits(dLat, (height * 2) / 3)));
  return { center, zoom: Math.max(8, Math.min(15, zoom)) };
}
