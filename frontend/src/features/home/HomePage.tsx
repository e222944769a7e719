/** Home: the quote search first, then how it works, why us, and what customers say. */
import { Link, useLocation } from 'react-router-dom';
import { LEAD_TIME_TEXT } from '@vanhop/contracts';
import { QuoteSearch } from './QuoteSearch';
import { PaymentIcons } from './PaymentIcons';
import { HowWeWork } from './HowWeWork';
import { ReviewsCarousel, useReviews } from './ReviewsCarousel';
import { TrustRow } from './TrustRow';
import { homeNoticeOf } from '../../lib/homeNotice';
// Our own illustration, shipped as a file (a URL, never inlined into the JavaScript) and loaded lazily.
import heroArt from '../../assets/hero-move.svg?no-inline';
import './HomePage.css';

export function HomePage() {
  const reviews = useReviews();
  const notice = homeNoticeOf(useLocation().state);
  return (
    <div className="home">
      {notice && (
        <div className="home-notice" role="status" data-testid="home-notice">
          <strong>{notice.title}</strong> {notice.text}
        </div>
      )}
      <section id="quotesearch" className="home-hero">
        <div className="hero-band">
          <div className="hero-copy">
            <h1>Man and van removals across London</h1>
            <p className="lead">
              Compare prices from local self-employed drivers, then book and pay online in minutes.
            </p>
          </div>
          <img className="hero-art" src={heroArt} alt="" width={640} height={420} loading="lazy" decoding="async" />
          <div className="hero-search">
            <QuoteSearch />
          </div>
          <div className="hero-trust">
            <TrustRow reviews={reviews} />
          </div>
        </div>
        <div className="home-retrieve">
          <Link to="/retrieve" className="button secondary">
            Got Quote With Us?
          </Link>
        </div>
        <p className="home-warning" role="note">
          ⚠ Bookings are taken online only: we never take bookings or card details over the phone.
        </p>
        <PaymentIcons />
      </section>
      <HowWeWork />
      <section className="home-section why-us">
        <h2>Why choose VanHop?</h2>
        <ul>
          <li>
            <strong>Drivers set their own prices.</strong> You see every matching offer side by side, with the overtime
            rate per half hour up front.
          </li>
          <li>
            <strong>Book at any hour.</strong> Confirm online 24 hours a day; a driver can be with you in as little as{' '}
            {LEAD_TIME_TEXT}, and we send a confirmation text and e-mail.
          </li>
          <li>
            <strong>Covered while you move.</strong> Goods in transit insurance up to £10,000 and public liability up to
            £5,000,000.
          </li>
          <li>
            <strong>Pay the way that suits you.</strong> Secure the move with a 30% or 50% deposit, or pay in full; the
            rest goes to the driver at the end of the job.
          </li>
        </ul>
      </section>
      <ReviewsCarousel reviews={reviews} />
    </div>
  );
}
