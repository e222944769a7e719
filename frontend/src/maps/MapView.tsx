import { Component, lazy, Suspense, type ReactNode } from 'react';
import { MSG } from '@vanhop/contracts';
import { usePublicConfig } from '../lib/config';
import type { MapSpec } from './types';

// Both engines are separate chunks: neither the Google library nor the offline geography is in the first download.
const GoogleMapView = lazy(() => import('./GoogleMapView'));
const OfflineMap = lazy(() => import('./offline/OfflineMap'));

const Status = ({ height, text, alert }: { height: string; text: string; alert?: boolean }) => (
  <div className="map-frame" style={{ height }}>
    <p className="map-status" role={alert ? 'alert' : undefined}>
      {text}
    </p>
  </div>
);

/** A chunk that fails to download (offline, new deploy) shows the maps error instead of breaking the page. */
class MapErrorBoundary extends Component<{ height: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Status height={this.props.height} text={MSG.maps.error} alert /> : this.props.children;
  }
}

/**
 * A map of `spec`: Google Maps when the site has a browser key, otherwise the offline map.
 * `center` may be null while the place is still being geocoded.
 */
export function MapView(props: Omit<MapSpec, 'center'> & { center: MapSpec['center'] | null }) {
  const { status, config } = usePublicConfig();
  const { center, height } = props;
  if (status === 'loading' || !center) return <Status height={height} text={MSG.maps.loading} />;
  const spec = { ...props, center };
  return (
    <MapErrorBoundary height={height}>
      <Suspense fallback={<Status height={height} text={MSG.maps.loading} />}>
        {config?.googleMapsKey ? <GoogleMapView {...spec} apiKey={config.googleMapsKey} /> : <OfflineMap {...spec} />}
      </Suspense>
    </MapErrorBoundary>
  );
}
