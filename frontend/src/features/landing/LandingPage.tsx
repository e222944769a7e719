import { Link, useParams } from 'react-router-dom';
import { LOCAL_MAP_ZOOM } from '@vanhop/contracts';
import { geoGeocode } from '../../api/client';
import { MapView } from '../../ui/map';
import type { LatLng } from '../../ui/map';
import { NotFoundPage } from '../../ui/layout/NotFoundPage';
import { parseLandingId, placeDisplayName } from '../../lib/landing-ids';
import { bookNowLink } from './book-now-link';
import { landingText, landingTitle } from './landing-text';
import { usePageTitle } from '../../lib/usePageTitle';
import { useResource } from '../../lib';

/** docs/SCREENS.md: geocoding waits 1 second after the place changes. */
export const GEOCODE_DELAY_MS = 1000;

/** Resolves after `ms` unless the name changes first (then the lookup is never sent). */
const settled = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Coordinates of a place name from the geo service (Google-shaped answer), 1 s after the name settles. */
export function useGeocodedPlace(address: string | null): { location: LatLng | null; failed: boolean } {
  const place = useResource(
    address
      ? async (signal) => {
          await settled(GEOCODE_DELAY_MS, signal);
          const answer = await geoGeocode(address);
          const found = answer.results[0]?.geometry.location;
          if (!found) throw new Error(`no result for ${address}`);
          return { lat: found.lat, lng: found.lng };
        }
      : null,
    [address],
  );
  const current = address !== null && !place.loading;
  // `failed` is shown: the page says it could not place the town on the map.
  const location = current && place.error === undefined ? (place.data ?? null) : null;
  const failed = current && place.error !== undefined;
  return { location, failed };
}

/** /{service}-{place}: a local page for one of our services in one place, or the 404 for any other id. */
export function LandingPage() {
  const { id = '' } = useParams();
  const target = parseLandingId(id);
  const where = target ? placeDisplayName(target.place) : null;
  const { location, failed } = useGeocodedPlace(where);
  const text = target ? landingText(target) : null;
  // The same title the gateway's prerendered HTML carries, kept while the page is shown.
  usePageTitle(text ? landingTitle(text) : null);
  if (!target || !where || !text) return <NotFoundPage />;
  return (
    <article className="page landing">
      <h1>{text.heading}</h1>
      <p className="lead">{text.intro}</p>
      <p>
        <Link to={bookNowLink(where)} className="button">
          Book Now
        </Link>
      </p>
      {text.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 60)}>{p}</p>
          ))}
        </section>
      ))}
      <h2>{where} on the map</h2>
      {failed ? (
        <div className="map-frame" style={{ height: '400px' }}>
          <p className="map-status">We could not place {where} on the map.</p>
        </div>
      ) : (
        <MapView
          label={`Map of ${where}`}
          center={location}
          zoom={LOCAL_MAP_ZOOM}
          height="400px"
          marker
          markerTitle={where}
          interactive={false}
        />
      )}
      <div className="booking-box" style={{ marginTop: '1.5rem' }}>
        <h2>Ready to move?</h2>
        <p>
          Compare drivers for {target.service.toLowerCase()} in {where} now: it takes a minute and costs nothing to get
          prices.
        </p>
        <Link to={bookNowLink(where)} className="button">
          Book Now
        </Link>
      </div>
    </article>
  );
}

export default LandingPage;
