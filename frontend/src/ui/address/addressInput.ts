/** What an address input reports when the customer picks a suggestion. */
export interface PlaceChoice {
  label: string;
  lat: number;
  lng: number;
}

export interface AddressInputProps {
  id: string;
  name: string;
  placeholder?: string;
  /** The text in the box. */
  value: string;
  onTextChange: (text: string) => void;
  onSelect: (choice: PlaceChoice) => void;
  onBlur?: () => void;
  /** Shown under the box and linked by aria-describedby. */
  error?: string;
  ariaLabel?: string;
}
