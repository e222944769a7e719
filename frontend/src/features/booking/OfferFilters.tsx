/**
 * The offers' filters beside the sort: rating, the most the customer will pay in all and
 * ULEZ-compliant vans only. The server applies them, so the count and "Show more" stay right.
 */
import { OFFER_MIN_RATINGS, type OfferFilter } from '@vanhop/contracts';

/** "At most" choices in pounds: a select is easier on a phone than typing a figure. */
export const MAX_PRICE_CHOICES = [100, 150, 200, 250, 300, 400, 500, 750, 1000] as const;

export const NO_FILTER: OfferFilter = {};

export const filterIsSet = (f: OfferFilter): boolean =>
  f.minRating !== undefined || f.maxPricePounds !== undefined || f.ulezCompliant === true;

interface OfferFiltersProps {
  filter: OfferFilter;
  onChange: (next: OfferFilter) => void;
  disabled?: boolean;
}

export function OfferFilters({ filter, onChange, disabled = false }: OfferFiltersProps) {
  const set = (patch: Partial<OfferFilter>) => {
    const next: OfferFilter = { ...filter, ...patch };
    // Unset fields are left out, not sent as empty values.
    for (const k of Object.keys(next) as (keyof OfferFilter)[]) if (next[k] === undefined) delete next[k];
    if (next.ulezCompliant === false) delete next.ulezCompliant;
    onChange(next);
  };
  return (
    <fieldset className="offer-filters" disabled={disabled}>
      <legend>Filter offers</legend>
      <label>
        Rating
        <select
          name="offer-min-rating"
          value={filter.minRating === undefined ? '' : String(filter.minRating)}
          onChange={(e) => set({ minRating: e.target.value === '' ? undefined : Number(e.target.value) })}
        >
          <option value="">Any rating</option>
          {OFFER_MIN_RATINGS.map((r) => (
            <option key={r} value={r}>
              {r} stars and up
            </option>
          ))}
        </select>
      </label>
      <label>
        Price in all
        <select
          name="offer-max-price"
          value={filter.maxPricePounds === undefined ? '' : String(filter.maxPricePounds)}
          onChange={(e) => set({ maxPricePounds: e.target.value === '' ? undefined : Number(e.target.value) })}
        >
          <option value="">Any price</option>
          {MAX_PRICE_CHOICES.map((p) => (
            <option key={p} value={p}>
              Up to £{p}
            </option>
          ))}
        </select>
      </label>
      <label className="offer-filter-check">
        <input
          type="checkbox"
          name="offer-ulez"
          checked={filter.ulezCompliant === true}
          onChange={(e) => set({ ulezCompliant: e.target.checked ? true : undefined })}
        />
        ULEZ-compliant vans only
      </label>
    </fieldset>
  );
}
