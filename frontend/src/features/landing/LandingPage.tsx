import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LOCAL_MAP_ZOOM } from '@vanhop/contracts';
import { geoGeocode } from '../../api/client';
import { MapView } from '../../maps/MapView';
import type { LatLng } from '../../maps/types';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { parseLandingId, placeDisplayName } from './landing-ids';
import { bookNowLink } from './book-now-link';
import { landingText, landingTitle } from './landing-text';
import { usePageTitle } from '../../app/usePageTitle';

/** docs/SCREENS.md: geocoding waits 1 second after the place changes. */
export const GEOCODE_DELAY_MS = 1000;

/** Coordinates of a place name from the geo service (Google-shaped answer), 1 s after the name settles. */
export function useGeocodedPlace(address: string | null): { location: LatLng | null; failed: boolean } {
  const [location, setLocation] = useState<LatLng | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setLocation(null);
    setFailed(false);
    if (!address) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const answer = await geoGeocode(address);
        const found = answer.results[0]?.geometry.location;
        if (!found) throw new Error(`no result for ${address}`);
        if (!cancelled) setLocation({ lat: found.lat, lng: found.lng });
      } catch {
        // `failed` is shown: the page says it could not place the town on the map.
        if (!cancelled) setFailed(true);
      }
    }, GEOCODE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [address]);
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
        <MapView label={`Map of ${where}`} center={location} zoom={LOCAL_MAP_ZOOM} height="400px" marker markerTitle={where} interactive={false} />
      )}
      <div className="booking-box" style={{ marginTop: '1.5rem' }}>
        <h2>Ready to move?</h2>
        <p>Compare drivers for {target.service.toLowerCase()} in {where} now: it takes a minute and costs nothing to get prices.</p>
        <Link to={bookNowLink(where)} className="button">
          Book Now
        </Link>
      </div>
    </article>
  );
}

export default LandingPage;
