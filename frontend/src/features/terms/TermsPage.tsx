import { COMPANY } from '@vanhop/contracts';
import { usePublicConfig } from '../../lib/config';
import { DATA_ATTRIBUTION } from './data-attribution';
import { TERMS_SECTIONS } from './terms-sections';

export function TermsPage() {
  const { config } = usePublicConfig();
  return (
    <article className="page terms">
      <h1>Terms of Use</h1>
      <p className="lead">
        These terms apply to every booking made through the {COMPANY.brand} website, operated by {COMPANY.name} (company
        number {COMPANY.registrationNumber}).
      </p>
      <nav aria-label="Sections">
        <ol className="toc">
          {TERMS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((s) => (
        <section key={s.id} id={s.id}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p.slice(0, 48)}>{p}</p>
          ))}
        </section>
      ))}
      <section id="contact-us">
        <h2>Contact</h2>
        <p>
          Questions about these terms? E-mail us at{' '}
          {config?.email ? <a href={`mailto:${config.email}`}>{config.email}</a> : 'the address in the footer'}.
        </p>
      </section>
      <section id="data-sources">
        <h2>Data sources</h2>
        <p>Our postcode search, coverage check and maps use open data:</p>
        <ul>
          {DATA_ATTRIBUTION.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}

export default TermsPage;
