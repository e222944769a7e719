/**
 * Pickup/dropoff postcode search. Both must be picked from the suggestions; a pickup over 30 miles from
 * NW2 is refused with the contract's alert and a trip to /checkareacover; otherwise the two ends become the
 * move's addresses and the customer goes to /booking.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '@vanhop/contracts';
import { AddressAutocomplete } from '../../ui/address/AddressAutocomplete';
import type { PlaceChoice } from '../../ui/address/addressInput';
import { geoCoverage } from '../../api/client';
import { usePublicConfig } from '../../lib/config';
import { useSubmit } from '../../lib/useSubmit';
import { searchHandoffState } from '../../lib/route-state';
import { validateSearch, withinServiceArea, type SearchErrors, type SearchField } from './searchRules';
import './QuoteSearch.css';
import { Button } from '../../ui';

const EMPTY: SearchField = { text: '', choice: null };

/**
 * A place handed over by a link (`/?from=Abbey%20Wood`, a local page's Book Now): the pickup's text to
 * start from, never a choice: it still has to be picked from the suggestions like anything typed.
 */
export function placeFromLink(from: string | null): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a pasted link must lose.
  const printable = (from ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
  return printable.trim().slice(0, 60);
}

/** In the radius? The browser measures it itself for Google places, otherwise the geo service decides. */
async function pickupInArea(choice: PlaceChoice, measureLocally: boolean): Promise<boolean> {
  if (measureLocally) return withinServiceArea(choice);
  try {
    return (await geoCoverage({ lat: choice.lat, lng: choice.lng })).withinRadius;
  } catch {
    // Handled, not shown: the browser measures the same radius itself, so the customer still gets an answer.
    return withinServiceArea(choice);
  }
}

export function QuoteSearch({ submitLabel = 'Quote' }: { submitLabel?: string }) {
  const navigate = useNavigate();
  const { config } = usePublicConfig();
  const [params] = useSearchParams();
  const [pickup, setPickup] = useState<SearchField>(() => ({ text: placeFromLink(params.get('from')), choice: null }));
  const [dropoff, setDropoff] = useState<SearchField>(EMPTY);
  const [touched, setTouched] = useState({ pickup: false, dropoff: false });
  const [submitted, setSubmitted] = useState(false);
  const areaCheck = useSubmit(pickupInArea);

  const errors: SearchErrors = validateSearch(pickup, dropoff);
  const shown = (field: 'pickup' | 'dropoff') => (submitted || touched[field] ? errors[field] : undefined);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    // Invalid: stay on the search (home, or the /booking address-entry screen) with the messages showing.
    if (errors.pickup || errors.dropoff || !pickup.choice || !dropoff.choice) return;
    const inArea = await areaCheck.run(pickup.choice, Boolean(config?.googleMapsKey));
    // A second press while the check is on its way, or a check that failed: stay on the search.
    if (inArea === undefined) return;
    if (!inArea) {
      alert(MSG.home.outOfArea);
      await navigate('/checkareacover');
      return;
    }
    await navigate('/booking', {
      state: searchHandoffState({ pickup: pickup.choice.label, dropoff: dropoff.choice.label }),
    });
  };

  return (
    <form className="quote-search" onSubmit={onSubmit} noValidate aria-label="Get a quote">
      <div className="quote-search-field">
        <label htmlFor="pickup-postcode">Pickup postcode</label>
        <AddressAutocomplete
          id="pickup-postcode"
          name="pickup"
          placeholder="e.g. NW2 or Cricklewood"
          value={pickup.text}
          onTextChange={(text) => setPickup((f) => ({ text, choice: f.choice?.label === text ? f.choice : null }))}
          onSelect={(choice) => setPickup({ text: choice.label, choice })}
          onBlur={() => setTouched((t) => ({ ...t, pickup: true }))}
          error={shown('pickup')}
        />
      </div>
      <div className="quote-search-field">
        <label htmlFor="dropoff-postcode">Dropoff postcode</label>
        <AddressAutocomplete
          id="dropoff-postcode"
          name="dropoff"
          placeholder="e.g. SE1 or Manchester"
          value={dropoff.text}
          onTextChange={(text) => setDropoff((f) => ({ text, choice: f.choice?.label === text ? f.choice : null }))}
          onSelect={(choice) => setDropoff({ text: choice.label, choice })}
          onBlur={() => setTouched((t) => ({ ...t, dropoff: true }))}
          error={shown('dropoff')}
        />
      </div>
      <Button type="submit" variant="primary" className="quote-search-submit" disabled={areaCheck.pending}>
        {areaCheck.pending ? 'Checking...' : submitLabel}
      </Button>
    </form>
  );
}
