/** The offline address input: an ARIA combobox over `/api/geo/autocomplete`, debounced 200 ms. */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { GeoSuggestion } from '@vanhop/contracts';
import { geoAutocomplete } from '../../api/client';
import type { AddressInputProps } from './addressInput';
import './AddressAutocomplete.css';
import { FieldError } from '../fields';

const DEBOUNCE_MS = 200;

/**
 * The suggestion the typed text names exactly: its whole label, or its postcode district typed in full
 * ("nw2" → "London NW2, UK") or a full postcode ("nw2 4qb" → "NW2 4QB, UK"), so Enter accepts it
 * without arrowing down first. Only one may match.
 */
export function exactMatch(options: GeoSuggestion[], typed: string): GeoSuggestion | undefined {
  const t = typed.trim().toUpperCase();
  if (!t) return undefined;
  const bare = t.replace(/\s+/g, '');
  const named = options.filter((o) => o.label.toUpperCase() === t);
  const matches = named.length
    ? named
    : options.filter(
        (o) =>
          o.kind === 'postcode' &&
          // The district ("nw2"), or a full postcode with or without its space ("nw2 4qb" → "NW2 4QB, UK").
          (o.outcode.toUpperCase() === bare ||
            o.label
              .toUpperCase()
              .replace(/,\s*UK$/, '')
              .replace(/\s+/g, '') === bare),
      );
  return matches.length === 1 ? matches[0] : undefined;
}

/** The suggestions for what was typed (two characters or more), asked for once typing pauses; the list's open state and active option. */
function useSuggestions(query: string) {
  const [options, setOptions] = useState<GeoSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setOptions([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      geoAutocomplete(q, abort.signal)
        .then((res) => {
          setOptions(res.predictions);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => {
          // Background help only (and aborted when the text changes): without suggestions the customer
          // keeps typing the address by hand, so a failure is not worth interrupting them for.
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query]);

  return { options, setOptions, open, setOpen, active, setActive };
}

export function GeoSuggestInput({
  id,
  name,
  placeholder,
  value,
  onTextChange,
  onSelect,
  onBlur,
  error,
  ariaLabel,
}: AddressInputProps) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const { options, setOptions, open, setOpen, active, setActive } = useSuggestions(query);
  const justPicked = useRef(false);

  const pick = (s: GeoSuggestion) => {
    justPicked.current = true;
    setOpen(false);
    setOptions([]);
    onTextChange(s.label);
    onSelect({ label: s.label, lat: s.lat, lng: s.lng });
  };

  const errorId = `${id}-error`;
  const showList = open && options.length > 0;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!showList) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === 'Enter' && (active >= 0 ? options[active] : exactMatch(options, value))) {
      e.preventDefault();
      const chosen = active >= 0 ? options[active] : exactMatch(options, value);
      if (chosen) pick(chosen);
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <div className="address-field">
      <input
        id={id}
        name={name}
        className="address-input"
        type="text"
        autoComplete="off"
        placeholder={placeholder}
        aria-label={ariaLabel}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          justPicked.current = false;
          onTextChange(e.target.value);
          setQuery(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (!justPicked.current && options.length) setOpen(true);
          // Text the field was given rather than typed (a landing page's place) is looked up once the
          // visitor comes to the field, as if they had typed it.
          else if (query === '' && !justPicked.current && value.trim().length >= 2) setQuery(value);
        }}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
      />
      <SuggestionList listId={listId} options={options} active={active} hidden={!showList} onPick={pick} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The listbox of suggestions the input points into (the ARIA combobox pattern). */
function SuggestionList({
  listId,
  options,
  active,
  hidden,
  onPick,
}: {
  listId: string;
  options: GeoSuggestion[];
  active: number;
  hidden: boolean;
  onPick: (s: GeoSuggestion) => void;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: the input keeps the focus and points at the active option.
    <ul id={listId} role="listbox" className="address-options" hidden={hidden}>
      {options.map((s, i) => (
        // biome-ignore lint/a11y/useFocusableInteractive: the ARIA combobox pattern: options are reached with the arrow keys through aria-activedescendant, not focused.
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: the options are replaced as a whole on each answer, and the active one is its index.
          key={`${s.label}-${i}`}
          id={`${listId}-${i}`}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox above (the ARIA combobox pattern).
          role="option"
          aria-selected={i === active}
          className={i === active ? 'active' : undefined}
          // mousedown, not click: the input's blur would close the list first
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(s);
          }}
        >
          {s.label}
        </li>
      ))}
    </ul>
  );
}
