export interface LatLng {
  lat: number;
  lng: number;
}

/** A named point drawn on the map besides the centre's marker (the van on its way, the pickup). */
export interface MapPoint {
  at: LatLng;
  /** Its name: the marker's tooltip and the label beside it. */
  title: string;
  kind: 'van' | 'pickup';
}

/** What every map on the site needs, whichever engine draws it. */
export interface MapSpec {
  center: LatLng;
  zoom: number;
  /** CSS height, e.g. '70vh' or '400px'. */
  height: string;
  /** Accessible name of the map. */
  label: string;
  /** Draw a marker at the centre. */
  marker?: boolean;
  /** Marker tooltip and, on the offline map, its label. */
  markerTitle?: string;
  /** Shaded circle around the centre, metres. */
  circleRadiusMetres?: number;
  /**
   * The coverage rule the circle stands for (contracts' `withinServiceArea`): with it, the name of
   * a place the rule refuses is never drawn inside the circle, so the map shows no place inside
   * that the search then refuses.
   */
  covers?: (at: LatLng) => boolean;
  /** Named points drawn where they are (not the centre). */
  points?: MapPoint[];
  /** Static maps: no dragging or zooming, no street view, no map-type control. */
  interactive?: boolean;
}
