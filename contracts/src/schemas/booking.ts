import * as yup from 'yup';
import { DEFAULT_HELP_LEVEL, DEFAULT_VAN_SIZE, HELP_LEVELS, MAX_STAIR_FLIGHTS, VAN_SIZES } from '../constants.js';
import { parseHourOption } from '../hour-option.js';
import { itemsSchema } from './items.js';
import { MSG } from '../messages.js';
import { noControlCharacters, optionalUkPhoneSchema, ukPhoneSchema } from './common.js';
import { streetPostcodeProblem } from '../street-postcode.js';

const b = MSG.booking;

/**
 * null and '' mean "not chosen yet": our web form starts with empty strings, and the reference client sends
 * its booking context with hour, date and description null. Both become undefined, so a draft takes
 * the default (or stays unset) and a complete booking gets the field's "required" message (contracts MSG)
 * instead of yup's "cannot be null".
 */
const notChosen = (original: unknown) => original === '' || original === null;
const emptyToUndefined = (value: unknown, original: unknown) => (notChosen(original) ? undefined : value);

export const stairSchema = yup
  .number()
  .transform(emptyToUndefined)
  .typeError('Stair must be a number of flights')
  .integer('Stair must be a whole number of flights')
  .min(0, 'Stair must be 0 to 8 flights')
  .max(MAX_STAIR_FLIGHTS, 'Stair must be 0 to 8 flights');

export const addressEntrySchema = yup
  .object({
    id: yup.string().required('Address id is required').max(64),
    location: yup.string().trim().required('Address location is required').max(200),
    physicalAddress: yup.string().transform(emptyToUndefined).trim().max(300).default(''),
    stair: stairSchema.optional(),
  })
  .test('postcode-in-place', function (value) {
    // A postcode in the building address must be in the chosen place's district (street-postcode.ts).
    const problem = value ? streetPostcodeProblem(value.location, value.physicalAddress) : null;
    return problem
      ? this.createError({ path: this.path ? `${this.path}.physicalAddress` : 'physicalAddress', message: problem })
      : true;
  });
export type AddressEntry = yup.InferType<typeof addressEntrySchema>;

/**
 * Booked hours: the reference client's option text ("03hr:30Min") or a number, cast to the number. Whatever names no
 * option of the hour select (out of range, not a 30-minute step, not an hour at all) fails with the
 * the contract's own message, since that select is the only way to choose.
 */
export const hourSchema = yup
  .number()
  .transform((_value, original) => (notChosen(original) ? undefined : (parseHourOption(original) ?? NaN)))
  .typeError(b.hourRequired);

/** Text where absent, null and '' all mean "not given yet" (required or not is up to the schema). */
const textField = () => yup.string().transform(emptyToUndefined);

const isoDate = yup
  .string()
  .transform(emptyToUndefined)
  .test(
    'iso-date',
    'Moving date must be a valid date',
    (v) => v === undefined || v === '' || !Number.isNaN(Date.parse(v)),
  );

/** The booking's phone rule (the form's and the servers'): see `ukPhoneSchema`. */
const bookingPhone = () => ukPhoneSchema({ required: b.phoneRequired, digits: b.phoneDigits, length: b.phoneLength });

/** One thing a via stop still lacks: `stop` counts from 1 (the first stop after the collection). */
export interface ViaStopProblem {
  stop: number;
  /** Index in the address list. */
  index: number;
  field: 'physicalAddress' | 'stair';
  message: string;
}

/**
 * A via stop is a full address like the two ends: a building address of 4 characters or more and its
 * stairs, or it is removed. The booking form and the servers (`bookingCompleteSchema`) apply this one rule.
 */
export function viaStopProblems(
  addresses: readonly { physicalAddress?: string | null; stair?: number | string | null }[] | undefined,
): ViaStopProblem[] {
  const problems: ViaStopProblem[] = [];
  (addresses ?? []).slice(1, -1).forEach((a, i) => {
    const stop = i + 1;
    const index = i + 1;
    const text = (a.physicalAddress ?? '').trim();
    if (!text) problems.push({ stop, index, field: 'physicalAddress', message: b.viaAddressRequired(stop) });
    else if (text.length < 4) problems.push({ stop, index, field: 'physicalAddress', message: b.addressMin });
    if (a.stair === undefined || a.stair === null || a.stair === '')
      problems.push({ stop, index, field: 'stair', message: b.viaStairRequired(stop) });
  });
  return problems;
}

/** The move's addresses: collection first, delivery last, via stops between. */
const addressListSchema = () =>
  yup.array(addressEntrySchema).min(2, 'At least 2 addresses are required').max(12, 'At most 12 addresses');

/**
 * The shared booking data posted to POST /api/booking. A draft (addresses chosen, nothing else yet)
 * is valid and gets a preliminary quote; `bookingCompleteSchema` is what saving and paying need.
 */
export const bookingDraftSchema = yup.object({
  addresses: addressListSchema().required('At least 2 addresses are required'),
  vanSize: textField().oneOf(VAN_SIZES, 'Unknown van size').default(DEFAULT_VAN_SIZE),
  driverHelp: textField().oneOf(HELP_LEVELS, 'Unknown help level').default(DEFAULT_HELP_LEVEL),
  hour: hourSchema.optional(),
  date: isoDate.optional(),
  description: textField().max(5000).optional(),
  // A name or phone given in a draft is held to the form's rules: the API refuses what the form refuses.
  name: textField().trim().min(4, b.nameMin).max(20, b.nameMax).test(noControlCharacters).optional(),
  email: textField().trim().email(b.emailInvalid).max(254).optional(),
  phone: optionalUkPhoneSchema({ digits: b.phoneDigits, length: b.phoneLength }),
  /** What is moving (optional): suggests the van and the hours, and goes to the driver with the booking. */
  items: itemsSchema.optional(),
});
export type BookingDraft = yup.InferType<typeof bookingDraftSchema>;

/**
 * The booking data as a client posts it to POST /api/booking, before `bookingDraftSchema` casts it:
 * '' (our web form's start value) means "not chosen yet" for a stair or the hours, and the hours may
 * be the hour select's option text.
 */
export type BookingRequest = Omit<BookingDraft, 'addresses' | 'vanSize' | 'driverHelp' | 'hour'> & {
  addresses: (Omit<AddressEntry, 'stair'> & { stair?: number | '' })[];
  vanSize: string;
  driverHelp: string;
  hour?: number | string | '';
};

const lastIndex = (list: unknown[] | undefined) => (list ? list.length - 1 : 0);

export const bookingCompleteSchema = bookingDraftSchema
  .shape({
    hour: hourSchema.required(b.hourRequired),
    date: isoDate.required(b.dateRequired),
    description: textField().trim().required(b.descriptionRequired).max(5000),
    name: textField().trim().required(b.nameRequired).min(4, b.nameMin).max(20, b.nameMax).test(noControlCharacters),
    email: textField().trim().required(b.emailRequired).email(b.emailInvalid).max(254),
    phone: bookingPhone(),
  })
  .test('pickup-address', function (value) {
    const a = value?.addresses?.[0];
    if (!a) return true;
    const text = (a.physicalAddress ?? '').trim();
    if (!text) return this.createError({ path: 'addresses[0].physicalAddress', message: b.pickupAddressRequired });
    if (text.length < 4) return this.createError({ path: 'addresses[0].physicalAddress', message: b.addressMin });
    return true;
  })
  .test('pickup-stair', function (value) {
    const a = value?.addresses?.[0];
    if (!a || a.stair !== undefined) return true;
    return this.createError({ path: 'addresses[0].stair', message: b.pickupStairRequired });
  })
  .test('delivery-address', function (value) {
    const i = lastIndex(value?.addresses);
    const a = value?.addresses?.[i];
    if (!a) return true;
    const text = (a.physicalAddress ?? '').trim();
    if (!text) return this.createError({ path: `addresses[${i}].physicalAddress`, message: b.deliveryAddressRequired });
    if (text.length < 4) return this.createError({ path: `addresses[${i}].physicalAddress`, message: b.addressMin });
    return true;
  })
  .test('delivery-stair', function (value) {
    const i = lastIndex(value?.addresses);
    const a = value?.addresses?.[i];
    if (!a || a.stair !== undefined) return true;
    return this.createError({ path: `addresses[${i}].stair`, message: b.deliveryStairRequired });
  })
  .test('via-stops', function (value) {
    const [first] = viaStopProblems(value?.addresses);
    return first
      ? this.createError({ path: `addresses[${first.index}].${first.field}`, message: first.message })
      : true;
  });
export type BookingComplete = yup.InferType<typeof bookingCompleteSchema>;

/** The booking page's Formik fields (docs/SCREENS.md: all start as empty strings). */
export const bookingFormSchema = yup.object({
  name: yup.string().required(b.nameRequired).min(4, b.nameMin).max(20, b.nameMax).test(noControlCharacters),
  email: yup.string().required(b.emailRequired).email(b.emailInvalid),
  phone: bookingPhone(),
  collection_address: yup.string().required(b.pickupAddressRequired).min(4, b.addressMin),
  collection_stair: yup.string().required(b.pickupStairRequired),
  delivery_address: yup.string().required(b.deliveryAddressRequired).min(4, b.addressMin),
  delivery_stair: yup.string().required(b.deliveryStairRequired),
  moving_date: yup.string().required(b.dateRequired),
  how_many_hour: yup
    .string()
    .required(b.hourRequired)
    .test('hour-option', b.hourRequired, (v) => v === undefined || parseHourOption(v) !== undefined),
  descriContent: yup.string().required(b.descriptionRequired),
});
export type BookingForm = yup.InferType<typeof bookingFormSchema>;

/**
 * The booking page's Formik schema for the places chosen so far: `bookingFormSchema`, and a postcode
 * typed in either end's building address must be in that end's place (street-postcode.ts).
 */
export function bookingFormSchemaFor(places: { collection: string; delivery: string }) {
  const inPlace = (location: string, required: string) =>
    yup
      .string()
      .required(required)
      .min(4, b.addressMin)
      .test('postcode-in-place', function (value) {
        const problem = streetPostcodeProblem(location, value);
        return problem ? this.createError({ message: problem }) : true;
      });
  return bookingFormSchema.shape({
    collection_address: inPlace(places.collection, b.pickupAddressRequired),
    delivery_address: inPlace(places.delivery, b.deliveryAddressRequired),
  });
}

export const NOTHING_TO_AMEND = 'Choose what to amend: a new date, the hours or the stops';

/**
 * POST /api/backdata/amend/:id (staff): the parts of a booked move to change, each on the booking
 * request's own rules (the date also on the booking-time rules, checked against the server's clock).
 * `addresses` is the whole new list, via stops included, so a stop is removed by leaving it out.
 */
export const amendBookingSchema = yup
  .object({
    date: isoDate.optional(),
    hour: hourSchema.optional(),
    addresses: addressListSchema().optional(),
  })
  .test(
    'something-to-amend',
    NOTHING_TO_AMEND,
    (v) => !!v && (v.date !== undefined || v.hour !== undefined || v.addresses !== undefined),
  );
export type AmendBookingRequest = yup.InferType<typeof amendBookingSchema>;
