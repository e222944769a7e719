import { Link, useParams } from 'react-router-dom';
import { LEAD_TIME_TEXT, serviceSlug } from '@vanhop/contracts';
import { LANDING_PLACES, landingPath } from '../../lib/landing-ids';
import { NotFoundPage } from '../../ui/layout/NotFoundPage';
import { SERVICES, findServiceBySlug } from '../../lib/service-content';

export function ServiceDetailPage() {
  const { id = '' } = useParams();
  const service = findServiceBySlug(id);
  if (!service) return <NotFoundPage />;
  const others = SERVICES.filter((s) => s.title !== service.title).slice(0, 4);
  return (
    <article className="page">
      <p>
        <Link to="/services">← All services</Link>
      </p>
      <h1>{service.title}</h1>
      <p className="lead">{service.summary}</p>
      {service.body.map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
      <h2>What is included</h2>
      <ul>
        {service.includes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        <strong>Most customers choose:</strong> {service.suggestion}.
      </p>
      <section className="facts" aria-label="Good to know">
        <div>
          <strong>£10,000</strong> goods-in-transit insurance
        </div>
        <div>
          <strong>£5,000,000</strong> public liability cover
        </div>
        <div>
          <strong>1 hour</strong> free cancellation after booking
        </div>
        <div>
          <strong>{LEAD_TIME_TEXT}</strong> from booking to the soonest start
        </div>
      </section>
      <div className="cta-row">
        <Link to="/" className="button">
          Get a Free Quote
        </Link>
        <Link to="/faq" className="button secondary">
          Read the FAQ
        </Link>
      </div>
      <details className="areas">
        <summary>
          <h2>
            {service.title} near you: {LANDING_PLACES.size} areas and stations
          </h2>
        </summary>
        <ul className="area-links">
          {[...LANDING_PLACES.values()].map((place) => (
            <li key={place}>
              <Link to={landingPath(service.title, place)}>{place.replace(/-/g, ' ')}</Link>
            </li>
          ))}
        </ul>
      </details>
      <h2>Other services</h2>
      <ul>
        {others.map((s) => (
          <li key={s.title}>
            <Link to={`/services/${serviceSlug(s.title)}`}>{s.title}</Link>
          </li>
        ))}
      </ul>
    </article>
  );
}

export default ServiceDetailPage;
