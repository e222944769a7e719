import type { ReactNode } from 'react';
import { Circle, GoogleMap, Marker, useJsApiLoader } from '@react-google-maps/api';
import { MSG } from '@vanhop/contracts';
import { googleLoaderOptions } from './google-loader';
import { cssColour } from '../lib/cssColour';
import type { MapSpec } from './types';

/** The Google map, in its own lazy chunk: only sites with a Maps key ever download this code. */
export default function GoogleMapView({ apiKey, ...spec }: MapSpec & { apiKey: string }) {
  const { isLoaded, loadError } = useJsApiLoader(googleLoaderOptions(apiKey));
  const frame = (content: ReactNode) => (
    <div className="map-frame" style={{ height: spec.height }} data-map-engine="google">
      {content}
    </div>
  );
  if (loadError)
    return frame(
      <p className="map-status" role="alert">
        {MSG.maps.error}
      </p>,
    );
  if (!isLoaded) return frame(<p className="map-status">{MSG.maps.loading}</p>);
  const staticMap = spec.interactive === false;
  return frame(
    <GoogleMap
      mapContainerStyle={{ width: '100%', height: '100%' }}
      center={spec.center}
      zoom={spec.zoom}
      options={{
        gestureHandling: staticMap ? 'none' : 'cooperative',
        zoomControl: !staticMap,
        streetViewControl: false,
        mapTypeControl: false,
        fullscreenControl: false,
        keyboardShortcuts: !staticMap,
      }}
    >
      {spec.marker && <Marker position={spec.center} title={spec.markerTitle} />}
      {spec.points?.map((p) => (
        <Marker key={`${p.kind}-${p.title}`} position={p.at} title={p.title} label={p.kind === 'van' ? 'V' : 'P'} />
      ))}
      {spec.circleRadiusMetres !== undefined && (
        <Circle
          center={spec.center}
          radius={spec.circleRadiusMetres}
          options={{
            fillColor: cssColour('--palette-orange-600', 'orangered'),
            fillOpacity: 0.22,
            strokeColor: cssColour('--palette-orange-600', 'orangered'),
            strokeOpacity: 0.9,
            strokeWeight: 2,
            clickable: false,
          }}
        />
      )}
    </GoogleMap>,
  );
}
