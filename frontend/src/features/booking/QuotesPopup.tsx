/**
 * The quotes popup: the drivers' offers to compare, a page at a time (the server answers at most
 * MAX_OFFERS, with how many matched), cheapest first, best rated or soonest free; ask a driver
 * before booking.
 */
import { lazy, Suspense, useState } from 'react';
import {
  VAN_SPECS,
  type BookingQuoteResponse,
  type ConversationAbout,
  type Offer,
  type OfferFilter,
  type OfferSort,
  formatPounds,
} from '@vanhop/contracts';
import { Modal } from '../../ui/Modal';
import { Alert, Avatar, Badge, Card, type Tone, Button } from '../../ui';
import { NEW_DRIVER_TEXT, NO_REVIEWS_TEXT, ratingText } from '../../lib/ratingText';
import { EstimateFacts } from './JobEstimate';
import { knownChargesOnTheDay, offerBadges, sortOffers, type OfferBadge } from './offerBadges';
import { filterIsSet, NO_FILTER, OfferFilters } from './OfferFilters';
import { DriverProfileToggle } from '../../ui/driver-profile/DriverProfile';

// Loaded when a customer first asks to message a driver.
const MessageDriver = lazy(() => import('../../ui/chat/MessageDriver'));

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

/** The driver's stars and review count, or that they are new (no reviews is not a score of 0). */
function OfferRating({ rating, count }: { rating: number; count: number }) {
  const text = ratingText({ rating, count });
  return text.reviewed ? (
    <span className="offer-rating" data-testid="offer-rating" role="img" aria-label={text.spoken}>
      ★ {rating.toFixed(1)} <small>({count})</small>
    </span>
  ) : (
    <span className="offer-rating is-new" data-testid="offer-rating" role="img" aria-label={text.spoken}>
      {NEW_DRIVER_TEXT} <small>· {NO_REVIEWS_TEXT}</small>
    </span>
  );
}

const BADGE_TONE: Record<OfferBadge, Tone> = { Cheapest: 'success', 'Best rated': 'accent', 'Most reviewed': 'info' };

interface QuotesPopupProps {
  response: BookingQuoteResponse;
  onChoose: (offer: Offer) => void;
  onClose: () => void;
  /** The driver of the offer already chosen, marked as selected. */
  selectedId?: string | null;
  /** Asks the server for a page of this move's offers in an order; without it the popup sorts what it has. */
  loadOffers?: (page: { sort: OfferSort; offset: number; filter?: OfferFilter }) => Promise<BookingQuoteResponse>;
}

/** A known charge on the day in a few words: "ULEZ", "congestion charge". */
const shortCharge = (label: string) =>
  label.startsWith('ULEZ') ? 'ULEZ' : label.startsWith('Congestion') ? 'congestion charge' : label;

const SORT_LABELS: Record<OfferSort, string> = {
  price: 'Lowest price',
  rating: 'Best rating',
  soonest: 'Soonest free',
};

/** The offers shown (the answer's page, then the pages asked for) and the asking for another page. */
function useOfferPages(response: BookingQuoteResponse, loadOffers: QuotesPopupProps['loadOffers']) {
  const [shown, setShown] = useState<Offer[]>(response.offers ?? []);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // How many match the filters: the server's count of the last page asked for.
  const [matched, setMatched] = useState<number | undefined>(response.offersTotal);

  /** Another order or filter (its first page from the server) or the next page. */
  const ask = async (next: OfferSort, more: boolean, filter: OfferFilter) => {
    if (!loadOffers) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await loadOffers({
        sort: next,
        offset: more ? shown.length : 0,
        ...(filterIsSet(filter) ? { filter } : {}),
      });
      const have = new Set(more ? shown.map((o) => o.driverId) : []);
      setShown([...(more ? shown : []), ...page.offers.filter((o) => !have.has(o.driverId))]);
      setMatched(page.offersTotal);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return { shown, loading, failed, total: Math.max(matched ?? shown.length, shown.length), ask };
}

/** The offers in the order chosen, with each one's rating and badges. */
function rankOffers(shown: Offer[], sort: OfferSort) {
  // The offer's own rating: the server counts VanHop's reviews in, and ranks and filters by the same figure.
  const rated = shown.map((offer) => ({ offer, rating: offer.rating, count: offer.reviewCount }));
  // Soonest free is known only to the server: its order is kept as it came.
  const offers = sort === 'soonest' ? rated : sortOffers(rated, sort);
  return { offers, badges: offerBadges(rated) };
}

export function QuotesPopup({ response, onChoose, onClose, selectedId = null, loadOffers }: QuotesPopupProps) {
  const [sort, setSort] = useState<OfferSort>('price');
  const [filter, setFilter] = useState<OfferFilter>(NO_FILTER);
  const { shown, loading, failed, total, ask } = useOfferPages(response, loadOffers);
  const filtered = filterIsSet(filter);
  const { offers, badges } = rankOffers(shown, sort);
  const sorts: OfferSort[] = loadOffers ? ['price', 'rating', 'soonest'] : ['price', 'rating'];

  const choose = (next: OfferSort) => {
    setSort(next);
    // Everything is already here: sorting it needs no server, but for the order only it knows.
    if (loadOffers && (total > shown.length || next === 'soonest')) void ask(next, false, filter);
  };
  const refilter = (next: OfferFilter) => {
    setFilter(next);
    void ask(sort, false, next);
  };
  return (
    <Modal title="Your quotes" onClose={onClose} className="quotes-popup">
      {response.preliminary && (
        <Alert tone="info">
          <p>These prices are estimates until the move date and details are confirmed.</p>
        </Alert>
      )}
      {offers.length === 0 && !filtered ? (
        <p>
          No driver has a {response.quote.typeofVan} van with {response.quote.typeOfWorker} free for this move yet. Try
          another van size or help level.
        </p>
      ) : (
        <>
          <OffersToolbar
            shown={offers.length}
            total={total}
            sorts={sorts}
            sort={sort}
            onSort={choose}
            filter={loadOffers ? filter : null}
            onFilter={refilter}
            disabled={loading}
          />
          {offers.length === 0 && (
            <div className="offers-none" data-testid="offers-none">
              <p>No offers match these filters.</p>
              <Button variant="secondary" onClick={() => refilter(NO_FILTER)} disabled={loading}>
                Clear filters
              </Button>
            </div>
          )}
          {failed && (
            <Alert tone="danger">
              <p>The offers could not be loaded. Please try again.</p>
            </Alert>
          )}
          <OfferList
            offers={offers}
            badges={badges}
            quote={response.quote}
            selectedId={selectedId}
            onChoose={onChoose}
          />
          {loadOffers && total > offers.length && (
            <div className="offers-more">
              <Button variant="secondary" onClick={() => void ask(sort, true, filter)} disabled={loading}>
                {loading ? 'Loading offers...' : 'Show more offers'}
              </Button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

/** The offers as cards; one driver's message box open at a time. */
function OfferList({
  offers,
  badges,
  quote,
  selectedId,
  onChoose,
}: {
  offers: ReturnType<typeof rankOffers>['offers'];
  badges: Map<string, OfferBadge[]>;
  quote: BookingQuoteResponse['quote'];
  selectedId: string | null;
  onChoose: (offer: Offer) => void;
}) {
  const [messaging, setMessaging] = useState<string | null>(null);
  return (
    <ul className="offers">
      {offers.map(({ offer, rating, count }) => (
        <OfferCard
          key={offer.driverId}
          offer={offer}
          rating={rating}
          count={count}
          quote={quote}
          selected={offer.driverId === selectedId}
          badges={badges.get(offer.driverId)!}
          onChoose={onChoose}
          messaging={messaging === offer.driverId}
          onToggleMessage={() => setMessaging(messaging === offer.driverId ? null : offer.driverId)}
        />
      ))}
    </ul>
  );
}

/** How many offers are shown of how many match, their order, and (when the server is asked) the filters. */
function OffersToolbar({
  shown,
  total,
  sorts,
  sort,
  onSort,
  filter,
  onFilter,
  disabled,
}: {
  shown: number;
  total: number;
  sorts: OfferSort[];
  sort: OfferSort;
  onSort: (sort: OfferSort) => void;
  /** Null: the offers are only sorted here, not filtered. */
  filter: OfferFilter | null;
  onFilter: (filter: OfferFilter) => void;
  disabled: boolean;
}) {
  return (
    <div className="offers-toolbar">
      <p className="offers-count" aria-live="polite">
        {total > shown ? `Showing ${shown} of ${total} offers` : `${shown} ${shown === 1 ? 'offer' : 'offers'}`}
      </p>
      <fieldset className="segmented" disabled={disabled}>
        <legend>Sort by</legend>
        {sorts.map((s) => (
          <label key={s} className={sort === s ? 'on' : undefined}>
            <input type="radio" name="offer-sort" value={s} checked={sort === s} onChange={() => onSort(s)} />
            {SORT_LABELS[s]}
          </label>
        ))}
      </fieldset>
      {filter && <OfferFilters filter={filter} onChange={onFilter} disabled={disabled} />}
    </div>
  );
}

interface OfferCardProps {
  offer: Offer;
  rating: number;
  count: number;
  quote: BookingQuoteResponse['quote'];
  selected: boolean;
  badges: OfferBadge[];
  onChoose: (offer: Offer) => void;
  /** The message box to this driver is open. */
  messaging: boolean;
  onToggleMessage: () => void;
}

/** One driver's offer: who, the price, what is paid on the day, the van and the estimate, and the actions. */
function OfferCard({
  offer: o,
  rating,
  count,
  quote,
  selected,
  badges,
  onChoose,
  messaging,
  onToggleMessage,
}: OfferCardProps) {
  return (
    <Card
      as="li"
      className="offer"
      data-testid="offer"
      selected={selected}
      aria-current={selected ? 'true' : undefined}
    >
      <div className="offer-head">
        <Avatar name={o.driverName} photo={o.photoUrl} />
        <div className="offer-who">
          <h3>{o.driverName}</h3>
          <OfferRating rating={rating} count={count} />
        </div>
        <p className="offer-price">{formatPounds(o.totalPrice)}</p>
      </div>
      {knownChargesOnTheDay(o).map((c) => (
        <p key={c.label} className="offer-on-the-day" data-testid="offer-on-the-day">
          + {formatPounds(c.amount)} {shortCharge(c.label)} on the day
        </p>
      ))}
      {(selected || badges.length > 0) && (
        <p className="offer-badges">
          {selected && <Badge tone="warning">✓ Your choice</Badge>}
          {badges.map((b) => (
            <Badge key={b} tone={BADGE_TONE[b]}>
              {b}
            </Badge>
          ))}
        </p>
      )}
      <OfferBody offer={o} quote={quote} />
      <div className="offer-actions">
        <Button variant="primary" onClick={() => onChoose(o)}>
          Choose {o.driverName}
        </Button>
        <Button variant="secondary" aria-expanded={messaging} onClick={onToggleMessage}>
          Message {o.driverName}
        </Button>
      </div>
      <DriverProfileToggle driverId={o.driverId} driverName={o.driverName} />
      {messaging && (
        <Suspense fallback={<p>Loading...</p>}>
          <MessageDriver
            driverId={o.driverId}
            driverName={o.driverName}
            about={aboutOffer(quote, o)}
            customer={{ name: quote.name, email: quote.email }}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** The offer's van, its facts, the time estimate and the full list of what is payable on the day. */
function OfferBody({ offer: o, quote }: { offer: Offer; quote: BookingQuoteResponse['quote'] }) {
  const van = VAN_SPECS[o.typeofVan];
  const estimate = o.estimate ?? quote.estimate;
  return (
    <>
      <div className="offer-body">
        {van && (
          <img
            className="offer-van"
            src={van.image.url}
            alt={van.image.altText}
            width={120}
            height={63}
            loading="lazy"
          />
        )}
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
            <dd>{formatPounds(o.overtimePerHalfHour)} per half hour</dd>
          </div>
        </dl>
      </div>
      {estimate && (
        <EstimateFacts
          estimate={estimate}
          bookedHours={quote.totalHour}
          chargedHours={quote.totalSecond / 3600}
          overtimePerHalfHour={o.overtimePerHalfHour}
          compact
        />
      )}
      {o.chargesOnTheDay.length > 0 && (
        <details className="offer-charges">
          <summary>Payable on the day (not in the price)</summary>
          <ul>
            {o.chargesOnTheDay.map((c) => (
              <li key={c.label}>
                {c.label}
                {c.amount !== null ? `: ${formatPounds(c.amount)}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
