/**
 * A building address ("house number and street"). With a Google Maps key it offers Google Places
 * street addresses (UK only; the Google code is a separate chunk, downloaded only when a key is
 * configured); without one it is a plain text input. Either way the text stays the customer's to
 * edit, and a postcode in it is checked against the stop's chosen place (contracts street-postcode).
 */
import { lazy, Suspense, type InputHTMLAttributes } from 'react';
import { usePublicConfig } from '../../lib/config';

const GoogleStreetAddressInput = lazy(() => import('./GoogleStreetAddressInput'));

export type StreetAddressInputProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  /** A street address picked from Google's suggestions, as Google writes it. */
  onPicked: (address: string) => void;
};

export function StreetAddressInput({ onPicked, ...input }: StreetAddressInputProps) {
  const { status, config } = usePublicConfig();
  const key = status === 'ready' ? config.googleMapsKey : undefined;
  const plain = <input type="text" autoComplete="address-line1" {...input} />;
  if (!key) return plain;
  return (
    <Suspense fallback={plain}>
      <GoogleStreetAddressInput apiKey={key} onPicked={onPicked} input={input} />
    </Suspense>
  );
}
