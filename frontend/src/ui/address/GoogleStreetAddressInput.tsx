/** Google Places street addresses (UK only) on a building-address input: only sites with a Maps key load this chunk. */
import { useRef, type InputHTMLAttributes } from 'react';
import { Autocomplete, useJsApiLoader } from '@react-google-maps/api';
import { googleLoaderOptions } from '../../maps/google-loader';

const OPTIONS: google.maps.places.AutocompleteOptions = {
  componentRestrictions: { country: 'gb' },
  types: ['address'],
  fields: ['formatted_address'],
};

export default function GoogleStreetAddressInput({
  apiKey,
  onPicked,
  input,
}: {
  apiKey: string;
  onPicked: (address: string) => void;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  // The site-wide loader options: Google refuses a second, different set.
  const { isLoaded } = useJsApiLoader(googleLoaderOptions(apiKey));
  const widget = useRef<google.maps.places.Autocomplete | null>(null);
  // Until the library is there (or if it never loads) the input works as a plain one.
  const field = <input type="text" autoComplete="off" {...input} />;
  if (!isLoaded) return field;
  return (
    <Autocomplete
      options={OPTIONS}
      onLoad={(a) => {
        widget.current = a;
      }}
      onPlaceChanged={() => {
        const picked = widget.current?.getPlace()?.formatted_address;
        if (picked) onPicked(picked);
      }}
    >
      {field}
    </Autocomplete>
  );
}
