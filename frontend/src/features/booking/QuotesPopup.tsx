/** The quotes popup: every matching driver's offer to compare, cheapest first; ask a driver before booking. */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { BookingQuoteResponse, ConversationAbout, DriverRatings, Offer } from '@vanhop/contracts';
import { Modal } from '../../components/Modal';
import { combinedRating, fetchDriverRatings } from '../reviews/driverRatings';
import { offersByPrice, pounds } from './bookingModel';

// Loaded when a customer first asks to message a driver.
const MessageDriver = lazy(() => import('../conversations/MessageDriver'));

/** What a message from this popup is about: the quote as the customer sees it, with that driver's price. */
const aboutOffer = (quote: BookingQuoteResponse['quote'], offer: Offer): ConversationAbout => ({
  kind: 'quote',
  date: quote.date ?? '',
  places: (quote.places ?? []).slice(0, 14),
  typeofVan: offer.typeofVan,
  typeOfWorker: offer.typeOfWorker,
  totalHour: quote.totalHour ?? null,
  totalPrice: offer.totalPrice,
});

interface QuotesPopupProps {
  response: BookingQuoteResponse;
  onChoose: (offer: Offer) => void;
  onClose: () => void;
}

export function QuotesPopup({ response, onChoose, onClose }: QuotesPopupProps) {
  const offers = offersByPrice(response.offers ?? []);
  const [ratings, setRatings] = useState<DriverRatings>({});
  const [messaging, setMessaging] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Without VanHop's own ratings the offers' own figures are shown: nothing to tell the customer.
    fetchDriverRatings()
      .then((r) => live && setRatings(r ?? {}))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <Modal title="Your quotes" onClose={onClose} className="quotes-popup">
      {response.preliminary && <p className="note">These prices are estimates until the move date and details are confirmed.</p>}
      {offers.length === 0 ? (
        <p>No driver has a {response.quote.typeofVan} van with {response.quote.typeOfWorker} free for this move yet. Try another van size or help level.</p>
      ) : (
        <ul className="offers">
          {offers.map((o) => {
            const { rating, count } = combinedRating(o, Object.hasOwn(ratings, o.driverId) ? ratings[o.driverId] : undefined);
            return (
              <li key={o.driverId} className="offer" data-testid="offer">
                <div className="offer-head">
                  <h3>{o.driverName}</h3>
                  <span className="offer-rating" data-testid="offer-rating" aria-label={`Rated ${rating.toFixed(1)} out of 5 from ${count} reviews`}>
                    ★ {rating.toFixed(1)} <small>({count})</small>
                  </span>
                </div>
                <p className="offer-price">{pounds(o.totalPrice)}</p>
                <dl className="offer-facts">
                  <div>
                    <dt>Van</dt>
                    <dd>{o.typeofVan}</dd>
                  </div>
                  <div>
                    <dt>Help</dt>
                    <dd>{o.typeOfWorker}</dd>
                  </div>
                  <div>
                    <dt>Overtime</dt>
                    <dd>{pounds(o.overtimePerHalfHour)} per half hour</dd>
                  </div>
                </dl>
                {o.chargesOnTheDay.length > 0 && (
                  <details className="offer-charges">
                    <summary>Payable on the day (not in the price)</summary>
                    <ul>
                      {o.chargesOnTheDay.map((c) => (
                        <li key={c.label}>
                          {c.label}
                          {c.amount !== null ? `: ${pounds(c.amount)}` : ''}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <button type="button" className="primary" onClick={() => onChoose(o)}>
                  Choose {o.driverName}
                </button>{' '}
                <button type="button" className="button secondary" aria-expanded={messaging === o.driverId} onClick={() => setMessaging(messaging === o.driverId ? null : o.driverId)}>
                  Message {o.driverName}
                </button>
                {messaging === o.driverId && (
                  <Suspense fallback={<p>Loading...</p>}>
                    <MessageDriver driverId={o.driverId} driverName={o.driverName} about={aboutOffer(response.quote, o)} customer={{ name: response.quote.name, email: response.quote.email }} />
                  </Suspense>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
