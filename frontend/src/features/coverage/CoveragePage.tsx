import { Link } from 'react-router-dom';
import { COVERAGE_CIRCLE_METRES, COVERAGE_MAP_ZOOM, NW2_REFERENCE, SERVICE_RADIUS_MILES, withinServiceArea } from '@vanhop/contracts';
import { MapView } from '../../ui/map';

/** /checkareacover: where pickups are possible; also where an out-of-area quote search lands. */
export function CoveragePage() {
  return (
    <section className="page">
      <h1>Check our area cover</h1>
      <p className="lead">
        Pickups are limited to designated areas: your collection address must be within {SERVICE_RADIUS_MILES} miles of London NW2, the
        shaded circle below. Delivery is nationwide: our drivers take your things anywhere in the UK.
      </p>
      <MapView
        label={`Coverage area: ${SERVICE_RADIUS_MILES} miles around London NW2`}
        center={NW2_REFERENCE}
        zoom={COVERAGE_MAP_ZOOM}
        height="70vh"
        marker
        markerTitle="London NW2"
        circleRadiusMetres={COVERAGE_CIRCLE_METRES}
        covers={withinServiceArea}
      />
      <p>
        Moving from inside the circle? <Link to="/">Search your postcodes</Link> to compare drivers. Collecting from further away? Contact us
        through the <Link to="/contact">contact page</Link> and we will tell you what we can do.
      </p>
    </section>
  );
}

export default CoveragePage;
