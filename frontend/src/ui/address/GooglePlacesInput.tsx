/** Google Places Autocomplete (UK only), loaded only when a Maps key is configured. */
import { useRef } from 'react';
import { Autocomplete, useJsApiLoader } from '@react-google-maps/api';
import { MSG } from '@vanhop/contracts';
import { googleLoaderOptions } from '../../maps/google-loader';
import type { AddressInputProps } from './addressInput';
import './AddressAutocomplete.css';
import { FieldError } from '../fields';

const OPTIONS: google.maps.places.AutocompleteOptions = {
  componentRestrictions: { country: 'gb' },
  fields: ['formatted_address', 'geometry', 'name'],
};

export default function GooglePlacesInput({
  apiKey,
  id,
  name,
  placeholder,
  value,
  onTextChange,
  onSelect,
  onBlur,
  error,
  ariaLabel,
}: AddressInputProps & { apiKey: string }) {
  const { isLoaded, loadError } = useJsApiLoader(googleLoaderOptions(apiKey)); // the site-wide loader options: Google refuses a second, different set;
  const widget = useRef<google.maps.places.Autocomplete | null>(null);
  const errorId = `${id}-error`;

  const input = (
    <input
      id={id}
      name={name}
      className="address-input"
      type="text"
      placeholder={placeholder}
      aria-label={ariaLabel}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      onChange={(e) => onTextChange(e.target.value)}
      onBlur={onBlur}
    />
  );

  return (
    <div className="address-field">
      {isLoaded ? (
        <Autocomplete
          options={OPTIONS}
          onLoad={(a) => {
            widget.current = a;
          }}
          onPlaceChanged={() => {
            const place = widget.current?.getPlace();
            const at = place?.geometry?.location;
            if (!place || !at) return;
            const label = place.formatted_address ?? place.name ?? value;
            onTextChange(label);
            onSelect({ label, lat: at.lat(), lng: at.lng() });
          }}
        >
          {input}
        </Autocomplete>
      ) : (
        input
      )}
      {loadError && <p className="field-error">{MSG.maps.error}</p>}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
