/**
 * "What are you moving?" (optional): counts of common items by room and free-text extras. The list
 * goes with the booking to the driver; its volume suggests the van (and, under the hour select,
 * the hours: `HourHelp`).
 */
import { useState } from 'react';
import {
  ITEM_CATALOGUE,
  ITEM_LIMITS,
  ITEM_ROOMS,
  itemsVolumeM3,
  OTHER_ITEM_ID,
  suggestVan,
  VAN_SPECS,
  type ItemLine,
} from '@vanhop/contracts';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { itemsChanged, vanSizeChosen } from '../../store/bookingSlice';
import './items.css';
import { Button } from '../../ui';

const countOf = (items: ItemLine[], id: string) => items.find((l) => l.id === id)?.count ?? 0;

/** The list with one item's count set (0 removes it), catalogue order kept, extras last. */
export function withCount(items: ItemLine[], id: string, count: number): ItemLine[] {
  const n = Math.max(0, Math.min(ITEM_LIMITS.count, Math.floor(Number.isFinite(count) ? count : 0)));
  const others = items.filter((l) => l.id !== id);
  const next = n > 0 ? [...others, { id, count: n }] : others;
  const order = (l: ItemLine) =>
    l.id === OTHER_ITEM_ID ? ITEM_CATALOGUE.length : ITEM_CATALOGUE.findIndex((c) => c.id === l.id);
  return next.sort((a, b) => order(a) - order(b));
}

export function ItemsPicker() {
  const dispatch = useAppDispatch();
  const items = useAppSelector((s) => s.booking.items);
  const vanSize = useAppSelector((s) => s.booking.vanSize);
  const [extraName, setExtraName] = useState('');
  const [extraCount, setExtraCount] = useState(1);
  const set = (next: ItemLine[]) => dispatch(itemsChanged(next));

  const volume = itemsVolumeM3(items);
  const van = suggestVan(volume);
  const extras = items.filter((l) => l.id === OTHER_ITEM_ID);
  const canAddExtra =
    extraName.trim() !== '' &&
    items.length < ITEM_LIMITS.lines &&
    !extras.some((l) => l.name?.toLowerCase() === extraName.trim().toLowerCase());

  return (
    <section className="form-section items-picker" aria-labelledby="items-title">
      <h2 id="items-title">What are you moving? (optional)</h2>
      <p className="note">
        Count what you are taking: we suggest the van and the hours, and your driver sees the list.
      </p>
      <div className="items-rooms">
        {ITEM_ROOMS.map((room) => (
          <fieldset key={room} className="items-room">
            <legend>{room}</legend>
            {ITEM_CATALOGUE.filter((c) => c.room === room).map((c) => {
              const count = countOf(items, c.id);
              return (
                <div key={c.id} className="items-row">
                  <label htmlFor={`item-${c.id}`}>{c.label}</label>
                  {/* +/- for thumbs; the box still takes a typed number. */}
                  <div className="items-stepper">
                    <button
                      type="button"
                      aria-label={`One fewer: ${c.label}`}
                      disabled={count === 0}
                      onClick={() => set(withCount(items, c.id, count - 1))}
                    >
                      −
                    </button>
                    <input
                      id={`item-${c.id}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={ITEM_LIMITS.count}
                      aria-label={`${c.label}: how many`}
                      value={count || ''}
                      placeholder="0"
                      onChange={(e) => set(withCount(items, c.id, Number(e.target.value)))}
                    />
                    <button
                      type="button"
                      aria-label={`One more: ${c.label}`}
                      disabled={count >= ITEM_LIMITS.count}
                      onClick={() => set(withCount(items, c.id, count + 1))}
                    >
                      +
                    </button>
                  </div>
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      <div className="items-extra">
        <label htmlFor="items-extra-name">Something else</label>
        <input
          id="items-extra-name"
          type="text"
          maxLength={ITEM_LIMITS.nameLength}
          value={extraName}
          placeholder="e.g. Piano stool"
          onChange={(e) => setExtraName(e.target.value)}
        />
        <input
          type="number"
          min={1}
          max={ITEM_LIMITS.count}
          aria-label="Something else: how many"
          value={extraCount}
          onChange={(e) =>
            setExtraCount(Math.max(1, Math.min(ITEM_LIMITS.count, Math.floor(Number(e.target.value) || 1))))
          }
        />
        <Button
          variant="secondary"
          disabled={!canAddExtra}
          onClick={() => {
            set([...items, { id: OTHER_ITEM_ID, count: extraCount, name: extraName.trim() }]);
            setExtraName('');
            setExtraCount(1);
          }}
        >
          Add
        </Button>
      </div>
      {extras.length > 0 && (
        <ul className="items-extras">
          {extras.map((l) => (
            <li key={l.name}>
              {l.count} × {l.name}{' '}
              <Button variant="link" aria-label={`Remove ${l.name}`} onClick={() => set(items.filter((x) => x !== l))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <div className="items-suggestion" aria-live="polite" data-testid="items-suggestion">
          <p>
            About <strong>{volume} m³</strong>:{' '}
            {van.fits ? (
              <>
                fits a <strong>{van.van}</strong> van.
              </>
            ) : (
              <>more than a Luton van holds: ask Instant Support about two trips or two vans.</>
            )}
          </p>
          {van.van !== vanSize && (
            <Button variant="secondary" onClick={() => dispatch(vanSizeChosen(van.van))}>
              Use a {VAN_SPECS[van.van].title}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
