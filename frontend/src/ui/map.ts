/** The map the screens draw (Google's when a browser key is set, else the offline London map): see maps/. */
export { MapView } from '../maps/MapView';
export type { LatLng } from '../maps/types';
