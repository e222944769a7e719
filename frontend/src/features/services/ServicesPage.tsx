import { Link } from 'react-router-dom';
import { serviceSlug } from '@vanhop/contracts';
import { SERVICES } from '../../lib/service-content';
// Our icon sprite: a file loaded by URL, not JavaScript.
import icons from '../../assets/service-icons.svg?no-inline';

const ICON: Record<string, string> = {
  'House or Apartment Moves': 'home',
  'Furniture Delivery': 'sofa',
  'Collection and Disposal': 'recycle',
  'Student Moves': 'student',
  'Small Business Moves': 'briefcase',
  'Single Item Transportation': 'item',
  'Local Deliveries': 'pin',
  'Removals and Storage': 'storage',
  'Man and Van': 'van',
  'Removals Service': 'team',
  'Packaging Service': 'box',
  'House Clearance': 'broom',
};

export function ServicesPage() {
  return (
    <section className="page">
      <h1>Our services</h1>
      <p className="lead">
        Twelve kinds of job, one way to book: tell us the addresses, pick a van and the help you need, and compare
        prices from self-employed drivers across London.
      </p>
      <ul className="card-grid" aria-label="Services">
        {SERVICES.map((service) => (
          <li key={service.title} className="card service-card">
            <span className="card-icon" aria-hidden="true">
              <svg width="28" height="28" aria-hidden="true">
                <use href={`${icons}#${ICON[service.title] ?? 'van'}`} />
              </svg>
            </span>
            <h2>{service.title}</h2>
            <p>{service.summary}</p>
            <Link className="card-link" to={`/services/${serviceSlug(service.title)}`}>
              Read more about {service.title}
            </Link>
          </li>
        ))}
      </ul>
      <div className="sticky-cta">
        <Link to="/" className="button">
          Get a Free Quote
        </Link>
      </div>
    </section>
  );
}

export default ServicesPage;
