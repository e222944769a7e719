import { useState } from 'react';
import { AddressAutocomplete } from './AddressAutocomplete';

interface StopPlaceInputProps {
  id: string;
  /** The stop's current place. */
  location: string;
  onPick: (place: string) => void;
  error?: string;
}

/**
 * The place of a stop on a move. What is typed is only a search: the place changes when a
 * suggestion is picked, and leaving the box without a pick shows the stop's current place again.
 */
export function StopPlaceInput({ id, location, onPick, error }: StopPlaceInputProps) {
  const [text, setText] = useState(location);
  return (
    <AddressAutocomplete
      id={id}
      name={id}
      value={text}
      onTextChange={setText}
      onSelect={(choice) => onPick(choice.label)}
      onBlur={() => setText((t) => (t === location ? t : location))}
      error={error}
    />
  );
}
