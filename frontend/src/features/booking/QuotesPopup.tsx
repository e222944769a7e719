/** The quotes popup: every matching driver's offer to compare, cheapest first. */
import type { BookingQuoteResponse, Offer } from '@vanhop/contracts';
import { Modal } from '../../components/Modal';
import { offersByPrice, pounds } from './bookingModel';

interface QuotesPopupProps {
  response: BookingQuoteResponse;
  onChoose: (offer: Offer) => void;
  onClose: () => void;
}

export function QuotesPopup({ response, onChoose, onClose }: QuotesPopupProps) {
  const offers = offersByPrice(response.offers ?? []);
  return (
    <Modal title="Your quotes" onClose={onClose} className="quotes-popup">
      {response.preliminary && <p className="note">These prices are estimates until the move date and details are confirmed.</p>}
      {offers.length === 0 ? (
        <p>No driver has a {response.quote.typeofVan} van with {response.quote.typeOfWorker} free for this move yet. Try another van size or help level.</p>
      ) : (
        <ul className="offers">
          {offers.map((o) => (
            <li key={o.driverId} className="offer" data-testid="offer">
              <div className="offer-head">
                <h3>{o.driverName}</h3>
                <span className="offer-rating" aria-label={`Rated ${o.rating.toFixed(1)} out of 5 from ${o.reviewCount} reviews`}>
                  ★ {o.rating.toFixed(1)} <small>({o.reviewCount})</small>
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
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
