/**
 * Where are you moving: collection first, optional via stops, delivery last, each with its building
 * address and stairs. The end addresses are Formik fields (validated); via stops edit the booking data.
 */
import { useFormikContext } from 'formik';
import type { BookingForm } from '@vanhop/contracts';
import { StopPlaceInput } from '../../ui/address/StopPlaceInput';
import { StreetAddressInput } from '../../ui/address/StreetAddressInput';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { addressChanged, stopAdded, stopRemoved, type AddressState } from '../../store/bookingSlice';
import { FieldError, StairSelect } from '../../ui/fields';
import { viaFieldKey } from './bookingModel';
import { Button } from '../../ui';

function EndAddress({ kind, location }: { kind: 'collection' | 'delivery'; location: string }) {
  const { getFieldProps, setFieldValue, touched, errors } = useFormikContext<BookingForm>();
  const address = `${kind}_address` as const;
  const stair = `${kind}_stair` as const;
  const err = (f: typeof address | typeof stair) => (touched[f] ? errors[f] : undefined);
  const title = kind === 'collection' ? 'Collection address' : 'Delivery address';
  return (
    <div className={`stop stop-${kind}`}>
      <h3>
        {title}: <span className="stop-location">{location}</span>
      </h3>
      <div className="stop-fields">
        <div>
          <label htmlFor={address}>Building address</label>
          <StreetAddressInput
            id={address}
            placeholder="House number and street"
            {...getFieldProps(address)}
            onPicked={(picked) => void setFieldValue(address, picked, true)}
            aria-invalid={err(address) ? true : undefined}
            aria-describedby={err(address) ? `${address}-error` : undefined}
          />
          <FieldError id={`${address}-error`} error={err(address)} />
        </div>
        <div>
          <label htmlFor={stair}>Stairs</label>
          <StairSelect id={stair} {...getFieldProps(stair)} invalid={!!err(stair)} errorId={`${stair}-error`} />
          <FieldError id={`${stair}-error`} error={err(stair)} />
        </div>
      </div>
    </div>
  );
}

/** A via stop is a full address like the ends: its own place, a building address and stairs (or it is removed). */
function ViaStop({ stop, index }: { stop: AddressState; index: number }) {
  const dispatch = useAppDispatch();
  const { errors, submitCount, validateForm } = useFormikContext<BookingForm>();
  const prefix = `via-${stop.id}`;
  // The stops are not Formik fields: their errors show once the form was submitted, and every change checks again.
  const err = (field: 'location' | 'address' | 'stair') =>
    submitCount > 0 ? (errors as Record<string, string | undefined>)[viaFieldKey(stop.id, field)] : undefined;
  const change = (patch: Partial<Omit<AddressState, 'id'>>) => {
    dispatch(addressChanged({ id: stop.id, ...patch }));
    void validateForm();
  };
  const a11y = (field: 'address' | 'stair') =>
    err(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${prefix}-${field}-error` } : {};
  return (
    <div className="stop stop-via" data-testid="via-stop">
      <div className="stop-via-head">
        <h3>Via stop {index}</h3>
        <Button variant="link" onClick={() => dispatch(stopRemoved(stop.id))} aria-label={`Remove via stop ${index}`}>
          Remove
        </Button>
      </div>
      <label htmlFor={`${prefix}-location`}>Postcode or place</label>
      <StopPlaceInput
        id={`${prefix}-location`}
        location={stop.placeChosen === false ? '' : stop.location}
        onPick={(location) => change({ location })}
        error={err('location')}
      />
      <div className="stop-fields">
        <div>
          <label htmlFor={`${prefix}-address`}>Building address</label>
          <StreetAddressInput
            id={`${prefix}-address`}
            placeholder="House number and street"
            value={stop.physicalAddress}
            onChange={(e) => change({ physicalAddress: e.target.value })}
            onPicked={(picked) => change({ physicalAddress: picked })}
            {...a11y('address')}
          />
          <FieldError id={`${prefix}-address-error`} error={err('address')} />
        </div>
        <div>
          <label htmlFor={`${prefix}-stair`}>Stairs</label>
          <StairSelect
            id={`${prefix}-stair`}
            value={stop.stair === '' ? '' : String(stop.stair)}
            onChange={(e) => change({ stair: e.target.value === '' ? '' : Number(e.target.value) })}
            invalid={!!err('stair')}
            errorId={`${prefix}-stair-error`}
          />
          <FieldError id={`${prefix}-stair-error`} error={err('stair')} />
        </div>
      </div>
    </div>
  );
}

export function WhereMoving() {
  const dispatch = useAppDispatch();
  const addresses = useAppSelector((s) => s.booking.addresses);
  const first = addresses[0];
  const last = addresses[addresses.length - 1];
  const via = addresses.slice(1, -1);
  return (
    <section className="form-section where-moving" aria-labelledby="where-moving-title">
      <h2 id="where-moving-title">Where are you moving?</h2>
      <EndAddress kind="collection" location={first?.location ?? ''} />
      {via.map((stop, i) => (
        <ViaStop key={stop.id} stop={stop} index={i + 1} />
      ))}
      <Button variant="secondary" className="add-stop" onClick={() => dispatch(stopAdded())}>
        + add stop
      </Button>
      <EndAddress kind="delivery" location={last?.location ?? ''} />
    </section>
  );
}
