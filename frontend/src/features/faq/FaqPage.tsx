import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FAQ_ENTRIES } from './faq-entries';
import { Button } from '../../ui';

export function FaqPage() {
  // One answer open at a time, chosen by id (docs/SCREENS.md).
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <section className="page">
      <h1>Frequently asked questions</h1>
      <p className="lead">Everything customers ask us before and after booking a driver.</p>
      <ul className="faq-list">
        {FAQ_ENTRIES.map((entry) => {
          const open = entry.id === openId;
          return (
            <li key={entry.id} className="faq-item">
              <Button
                className="faq-question"
                aria-expanded={open}
                aria-controls={`faq-answer-${entry.id}`}
                id={`faq-question-${entry.id}`}
                onClick={() => setOpenId(open ? null : entry.id)}
              >
                <span>{entry.question}</span>
                <span aria-hidden="true">{open ? '−' : '+'}</span>
              </Button>
              {open && (
                <section
                  className="faq-answer"
                  id={`faq-answer-${entry.id}`}
                  aria-labelledby={`faq-question-${entry.id}`}
                >
                  <p>{entry.answer}</p>
                </section>
              )}
            </li>
          );
        })}
      </ul>
      <div className="booking-box" style={{ marginTop: '1.5rem' }}>
        <h2>Still wondering?</h2>
        <p>
          Get prices for your move in a minute, or <Link to="/contact">send us a message</Link>.
        </p>
        <Link to="/" className="button">
          Get a Free Quote
        </Link>
      </div>
    </section>
  );
}

export default FaqPage;
