/**
 * A UK address/postcode input whose value only counts once picked from the suggestion list. With a
 * Google Maps key it is a Places Autocomplete (loaded lazily, UK only); without one it asks the geo
 * service's `/api/geo/autocomplete`. Typing after a pick clears the pick.
 */
import { lazy, Suspense } from 'react';
import { usePublicConfig } from '../../lib/config';
import { GeoSuggestInput } from './GeoSuggestInput';
import type { AddressInputProps } from './addressInput';

const GooglePlacesInput = lazy(() => import('./GooglePlacesInput'));

export type { AddressInputProps, PlaceChoice } from './addressInput';

export function AddressAutocomplete(props: AddressInputProps) {
  const { status, config } = usePublicConfig();
  const key = status === 'ready' ? config.googleMapsKey : undefined;
  if (!key) return <GeoSuggestInput {...props} />;
  return (
    <Suspense fallback={<input {...plainInputProps(props)} disabled />}>
      <GooglePlacesInput {...props} apiKey={key} />
    </Suspense>
  );
}

function plainInputProps(p: AddressInputProps) {
  return {
    id: p.id,
    name: p.name,
    placeholder: p.placeholder,
    value: p.value,
    className: 'address-input',
    readOnly: true,
  };
}
