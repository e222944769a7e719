/**
 * The full booking form (shown once the move has 2 or more addresses). Formik fields follow
 * docs/SCREENS.md and validate with the contracts' `bookingFormSchema`; every change is mirrored into the
 * booking slice, which is what gets posted. Get Free Quote posts it and opens the quotes popup.
 * A chosen offer keeps the pricing it came from; once the move differs from that one, the panel
 * asks for quotes again instead of selling the old move at the old price.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Formik, Form, useFormikContext, type FormikErrors, type FormikHelpers, type FormikProps } from 'formik';
import { Steps, Button } from '../../ui';
import { useResource } from '../../lib';
import {
  bookingFormSchemaFor,
  bookingTimeProblem,
  MSG,
  type BookingForm as BookingFields,
  type BookingRequest,
  type FlexibleDate,
  type JobEstimate,
} from '@vanhop/contracts';
import { ApiError, postBooking, postBookingOffers } from '../../api/client';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector, type RootState } from '../../store/store';
import { addressChanged, detailsChanged } from '../../store/bookingSlice';
import {
  changesFromForm,
  currentMoveKey,
  formValuesFrom,
  isChoiceStale,
  moveKeyOf,
  quoteForOffer,
  toBookingRequest,
  viaStopErrors,
  type ChosenOffer,
  type PricedMove,
} from './bookingModel';
import { VanGuide } from './VanGuide';
import { HelpPicker, VanSizePicker } from './Pickers';
import { WhereMoving } from './WhereMoving';
import { Field, FormError, HourSelect } from '../../ui/fields';
import { DateTimePicker } from '../../ui/DateTimePicker';
import { QuotesPopup } from './QuotesPopup';
import { FlexibleDatesStrip } from './FlexibleDatesStrip';
import { QuotePanel } from './QuotePanel';
import { ItemsPicker } from './ItemsPicker';
import { HourHelp } from './JobEstimate';
import './booking.css';

/** Mirrors the Formik values into the shared booking data (so a reload keeps them). */
function SyncToBooking() {
  const { values } = useFormikContext<BookingFields>();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    const { ends, details } = changesFromForm(store.getState().booking, values);
    for (const e of ends) dispatch(addressChanged(e));
    if (Object.keys(details).length) dispatch(detailsChanged(details));
  }, [values, dispatch, store]);
  return null;
}

/**
 * Posts a move to be priced and answers it with the key of that move. Only the latest post's answer
 * counts (null for the others): a draft priced on load that answers after Get Free Quote must not
 * replace the offers of the complete move.
 */
function usePricing() {
  const latest = useRef(0);
  return useCallback(async (request: BookingRequest): Promise<PricedMove | null> => {
    const mine = ++latest.current;
    const response = await postBooking(request);
    return mine === latest.current ? { response, move: moveKeyOf(request), request } : null;
  }, []);
}

/** Re-prices the move whenever the number of addresses changes (in the background: see the catch). */
function useRepriceOnAddressCount(
  price: (request: BookingRequest) => Promise<PricedMove | null>,
  onQuote: (p: PricedMove) => void,
) {
  const count = useAppSelector((s) => s.booking.addresses.length);
  const store = useStore<RootState>();
  const latest = useRef(onQuote);
  latest.current = onQuote;
  // Background only: the customer did not ask for this price, so a failure keeps the offers shown as
  // they were, and Get Free Quote prices the move again and shows its own failure.
  const priced = useResource(
    () => price(toBookingRequest(store.getState().booking)).catch(() => null),
    [count, store, price],
  ).data;
  useEffect(() => {
    if (priced) latest.current(priced);
  }, [priced]);
}

/** The schema's required texts, plus the shared moving-time rule so a stale saved date is caught here too. */
function validateExtra(values: BookingFields): FormikErrors<BookingFields> {
  if (!values.moving_date) return {};
  const problem = bookingTimeProblem(new Date(values.moving_date), new Date());
  return problem ? { moving_date: problem } : {};
}

/** The form's four groups, in page order, with the fields that must be filled for each to count as done. */
const STEPS: { name: string; fields: (keyof BookingFields)[] }[] = [
  { name: 'Van and help', fields: [] },
  { name: 'Addresses', fields: ['collection_address', 'collection_stair', 'delivery_address', 'delivery_stair'] },
  { name: 'Time and details', fields: ['how_many_hour', 'moving_date', 'descriContent'] },
  { name: 'About you', fields: ['name', 'email', 'phone'] },
];

/** Progress through the groups: a group is done once its fields are filled in and valid. */
function BookingProgress() {
  const { values, errors } = useFormikContext<BookingFields>();
  const done = STEPS.map((s) => s.fields.every((f) => String(values[f] ?? '').trim() !== '' && !errors[f]));
  const current = done.indexOf(false);
  return (
    <Steps
      names={STEPS.map((s) => s.name)}
      done={done}
      current={current === -1 ? STEPS.length : current}
      label="Booking progress"
    />
  );
}

/**
 * After a submit that failed validation, focus goes to the first field in error (in page order), so
 * keyboard and screen-reader users land on what needs fixing; the page scrolls it into view.
 */
export function FocusFirstError() {
  const { submitCount, isSubmitting, isValid } = useFormikContext<BookingFields>();
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    const first = document.querySelector<HTMLElement>('.booking-form [aria-invalid="true"]');
    if (!first) return;
    first.focus();
    first.scrollIntoView?.({ block: 'center' });
  }, [submitCount, isSubmitting, isValid]);
  return null;
}

/** The kit's Field on the booking form: its own frame, the error once the field was left. */
function BookingField({
  name,
  label,
  children,
}: {
  name: keyof BookingFields;
  label: string;
  children: React.ReactNode;
}) {
  const { touched, errors } = useFormikContext<BookingFields>();
  return (
    <Field id={name} label={label} error={touched[name] ? errors[name] : undefined} className="form-field">
      {children}
    </Field>
  );
}

function useFieldA11y(name: keyof BookingFields) {
  const { touched, errors } = useFormikContext<BookingFields>();
  const bad = touched[name] && errors[name];
  return bad ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {};
}

function TextInput({ name, ...rest }: { name: keyof BookingFields } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { getFieldProps } = useFormikContext<BookingFields>();
  return <input id={name} {...rest} {...getFieldProps(name)} {...useFieldA11y(name)} />;
}

/** The estimate a 400 refusing too few hours carries (`hour` names the minimum; the estimate the suggestion). */
function refusedHours(err: unknown): { message: string; estimate: JobEstimate | null } | null {
  if (!(err instanceof ApiError) || err.status !== 400 || !err.errors?.hour) return null;
  const estimate = err.extra.estimate;
  return {
    message: err.errors.hour,
    estimate: estimate && typeof estimate === 'object' ? (estimate as JobEstimate) : null,
  };
}

function MoveDetails({
  driveSeconds,
  onUseHours,
  flexible,
  onChooseDay,
}: {
  driveSeconds: number | null;
  onUseHours: (hours: number) => void;
  /** The last quote's other days, while the date is still the one quoted. */
  flexible?: { dates: readonly FlexibleDate[]; quotedPrice: number; quotedDate: string } | null;
  onChooseDay?: (isoDate: string) => void;
}) {
  const { values, touched, errors, getFieldProps, setFieldValue, setFieldTouched, isSubmitting } =
    useFormikContext<BookingFields>();
  const hourA11y = useFieldA11y('how_many_hour');
  const descA11y = useFieldA11y('descriContent');
  return (
    <section className="form-section" aria-labelledby="details-title">
      <h2 id="details-title">Time and details</h2>
      <BookingField name="how_many_hour" label="How many hours do you need?">
        <HourSelect id="how_many_hour" {...getFieldProps('how_many_hour')} {...hourA11y} />
      </BookingField>
      <HourHelp
        driveSeconds={driveSeconds}
        hour={values.how_many_hour === '' ? '' : Number(values.how_many_hour)}
        onUseHours={onUseHours}
      />
      <div className="form-field">
        <label htmlFor="moving_date">When is your moving date?</label>
        <DateTimePicker
          id="moving_date"
          name="moving_date"
          value={values.moving_date}
          onChange={(iso) => {
            // touched first without validating, then the value with validation, so errors see the new value
            void setFieldTouched('moving_date', true, false);
            void setFieldValue('moving_date', iso, true);
          }}
          onBlur={() => void setFieldTouched('moving_date', true, true)}
          error={touched.moving_date ? errors.moving_date : undefined}
        />
      </div>
      {flexible && onChooseDay && flexible.quotedDate === values.moving_date && (
        <FlexibleDatesStrip
          dates={flexible.dates}
          quotedPrice={flexible.quotedPrice}
          onChoose={onChooseDay}
          disabled={isSubmitting}
        />
      )}
      <BookingField name="descriContent" label="Describe what is moving">
        <textarea
          id="descriContent"
          rows={4}
          placeholder="For example: a double bed (needs dismantling), a sofa, a fridge and 15 boxes. Mention anything heavy or awkward."
          {...getFieldProps('descriContent')}
          {...descA11y}
        />
      </BookingField>
    </section>
  );
}

function AboutYou() {
  return (
    <section className="form-section" aria-labelledby="about-you-title">
      <h2 id="about-you-title">About you</h2>
      {/* Only SaveForLater sends a text (and an e-mail): getting quotes alone sends nothing. */}
      <p className="note">
        Save your quote for later and we will text and e-mail you a link to it, so you can come back to it at any time.
      </p>
      <BookingField name="name" label="Name">
        <TextInput name="name" type="text" autoComplete="name" />
      </BookingField>
      <BookingField name="email" label="E-mail">
        <TextInput name="email" type="email" autoComplete="email" />
      </BookingField>
      <BookingField name="phone" label="Phone">
        <TextInput name="phone" type="tel" inputMode="tel" autoComplete="tel" />
      </BookingField>
    </section>
  );
}

/** A postcode typed in an end's building address is checked against that end's chosen place. */
const schemaForPlaces = (stops: readonly { location: string }[]) =>
  bookingFormSchemaFor({
    collection: stops[0]?.location ?? '',
    delivery: stops[stops.length - 1]?.location ?? '',
  });

/**
 * The form's own checks. The server's refusal of too few hours stays a field error while the move
 * and its hours are the ones refused: kept in the form's own validation, so a blur re-validating
 * the form neither drops the message nor shifts the page under a click on the suggestion.
 */
function useFormValidation(store: { getState(): RootState }) {
  const hourRefusal = useRef<{ hour: string; move: string; message: string } | null>(null);
  const validate = (v: BookingFields): FormikErrors<BookingFields> => {
    const refusal = hourRefusal.current;
    const stillRefused =
      refusal && v.how_many_hour === refusal.hour && currentMoveKey(store.getState().booking) === refusal.move;
    return {
      ...validateExtra(v),
      ...viaStopErrors(store.getState().booking.addresses),
      ...(stillRefused ? { how_many_hour: refusal.message } : {}),
    };
  };
  return { hourRefusal, validate };
}

/** One click on a suggestion (other hours) or on another day under the date: change it and get quotes again. */
function useRequoteWith(form: RefObject<FormikProps<BookingFields> | null>) {
  const dispatch = useAppDispatch();
  return {
    bookHours: (hours: number) => {
      dispatch(detailsChanged({ hour: hours }));
      void form.current?.setFieldValue('how_many_hour', String(hours), false).then(() => form.current?.submitForm());
    },
    chooseDay: (isoDate: string) => {
      dispatch(detailsChanged({ date: isoDate }));
      void form.current?.setFieldValue('moving_date', isoDate, false).then(() => form.current?.submitForm());
    },
  };
}

/** The last quote's other days and what it was priced at, when it has them. */
const flexibleOf = (priced: PricedMove | null) =>
  priced?.response.flexibleDates && priced.response.quote.date
    ? {
        dates: priced.response.flexibleDates,
        quotedPrice: priced.response.quote.totalPrice,
        quotedDate: priced.response.quote.date,
      }
    : null;

export default function BookingForm() {
  const store = useStore<RootState>();
  const [initialValues] = useState(() => formValuesFrom(store.getState().booking));
  const form = useRef<FormikProps<BookingFields>>(null);
  const [priced, setPriced] = useState<PricedMove | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const [chosen, setChosen] = useState<ChosenOffer | null>(null);
  const currentMove = useAppSelector((s) => currentMoveKey(s.booking));
  const price = usePricing();

  useRepriceOnAddressCount(price, setPriced);

  const [sendFailed, setSendFailed] = useState(false);
  /** The drive of the last refusal of too few hours (its move had no offers to read it from). */
  const [refusedDrive, setRefusedDrive] = useState<number | null>(null);
  const driveSeconds = refusedDrive ?? priced?.response.quote.travelHour ?? null;
  const { hourRefusal, validate } = useFormValidation(store);

  const { bookHours, chooseDay } = useRequoteWith(form);

  const onSubmit = async (values: BookingFields, helpers: FormikHelpers<BookingFields>) => {
    setSendFailed(false);
    try {
      const p = await price(toBookingRequest(store.getState().booking, { complete: true }));
      // a stop added meanwhile was priced after this: those offers, not these, are for the move shown
      if (!p) return;
      setPriced(p);
      setRefusedDrive(null);
      setChosen(null);
      setPopupOpen(true);
    } catch (err) {
      const refused = refusedHours(err);
      if (refused) {
        // Too few hours for the drive: said under the hour select, with the suggestion one click away.
        setRefusedDrive(refused.estimate?.driveSeconds ?? null);
        hourRefusal.current = {
          hour: values.how_many_hour,
          move: currentMoveKey(store.getState().booking),
          message: refused.message,
        };
        helpers.setFieldTouched('how_many_hour', true, false);
        helpers.setFieldError('how_many_hour', refused.message);
        return;
      }
      setSendFailed(true);
    }
  };

  return (
    <div className="booking">
      <h1>Your move</h1>
      <Formik
        innerRef={form}
        initialValues={initialValues}
        validationSchema={() => schemaForPlaces(store.getState().booking.addresses)}
        validate={validate}
        onSubmit={onSubmit}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="booking-form" aria-label="Booking details">
            <SyncToBooking />
            <FocusFirstError />
            <BookingProgress />
            <section className="form-section" aria-labelledby="van-title">
              <div className="section-head">
                <h2 id="van-title">Your van</h2>
                <VanGuide />
              </div>
              <VanSizePicker />
              <HelpPicker />
              <p className="note riding-note">
                Please note: riding in the van with the driver is not guaranteed. Plan to travel separately unless your
                driver agrees otherwise.
              </p>
            </section>
            <WhereMoving />
            <ItemsPicker />
            <MoveDetails
              driveSeconds={driveSeconds}
              onUseHours={bookHours}
              flexible={flexibleOf(priced)}
              onChooseDay={chooseDay}
            />
            <AboutYou />
            <Button type="submit" variant="primary" size="lg" className="get-quote" disabled={isSubmitting}>
              {isSubmitting ? 'Getting quotes...' : 'Get Free Quote'}
            </Button>
            <FormError error={sendFailed ? MSG.booking.sendFailed : null} />
          </Form>
        )}
      </Formik>
      {popupOpen && priced && (
        <QuotesPopup
          response={priced.response}
          loadOffers={priced.request ? (page) => postBookingOffers(priced.request!, page) : undefined}
          selectedId={chosen?.priced === priced ? chosen.offer.driverId : null}
          onClose={() => setPopupOpen(false)}
          onChoose={(offer) => {
            setChosen({ offer, priced });
            setPopupOpen(false);
          }}
        />
      )}
      {chosen && (
        <QuotePanel
          key={`${chosen.offer.driverId} ${chosen.priced.move}`}
          quote={quoteForOffer(chosen.priced.response, chosen.offer)}
          offer={chosen.offer}
          stale={isChoiceStale(chosen, currentMove)}
          // the full submit: the form is validated again and the popup opens on the new offers
          onRequote={() => void form.current?.submitForm()}
          onClose={() => setChosen(null)}
          onCompare={() => setPopupOpen(true)}
          onUseHours={bookHours}
        />
      )}
    </div>
  );
}
