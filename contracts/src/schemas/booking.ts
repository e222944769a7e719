import * as yup from 'yup';
import { DEFAULT_HELP_LEVEL, DEFAULT_VAN_SIZE, HELP_LEVELS, MAX_HOURS, MAX_STAIR_FLIGHTS, MIN_HOURS, VAN_SIZES } from '../constants.js';
import { MSG } from '../messages.js';
import { DIGITS_ONLY } from './common.js';

const b = MSG.booking;

/** '' means "not chosen yet" (the web form starts with empty strings); it becomes undefined. */
const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

export const stairSchema = yup
  .number()
  .transform(emptyToUndefined)
  .typeError('Stair must be a number of flights')
  .integer('Stair must be a whole number of flights')
  .min(0, 'Stair must be 0 to 8 flights')
  .max(MAX_STAIR_FLIGHTS, 'Stair must be 0 to 8 flights');

export const addressEntrySchema = yup.object({
  id: yup.string().required('Address id is required').max(64),
  location: yup.string().trim().required('Address location is required').max(200),
  physicalAddress: yup.string().trim().max(300).default(''),
  stair: stairSchema.optional(),
});
export type AddressEntry = yup.InferType<typeof addressEntrySchema>;

export const hourSchema = yup
  .number()
  .transform(emptyToUndefined)
  .typeError(b.hourRequired)
  .min(MIN_HOURS, 'Hours must be between 1 and 20.5')
  .max(MAX_HOURS, 'Hours must be between 1 and 20.5')
  .test('half-hours', 'Hours must be in 30-minute steps', (v) => v === undefined || Number.isInteger(v * 2));

const isoDate = yup
  .string()
  .test('iso-date', 'Moving date must be a valid date', (v) => v === undefined || v === '' || !Number.isNaN(Date.parse(v)));

/**
 * The shared booking data posted to POST /api/booking. A draft (addresses chosen, nothing else yet)
 * is valid and gets a preliminary quote; `bookingCompleteSchema` is what saving and paying need.
 */
export const bookingDraftSchema = yup.object({
  addresses: yup.array(addressEntrySchema).required('At least 2 addresses are required').min(2, 'At least 2 addresses are required').max(12, 'At most 12 addresses'),
  vanSize: yup.string().oneOf(VAN_SIZES, 'Unknown van size').default(DEFAULT_VAN_SIZE),
  driverHelp: yup.string().oneOf(HELP_LEVELS, 'Unknown help level').default(DEFAULT_HELP_LEVEL),
  hour: hourSchema.optional(),
  date: isoDate.optional(),
  description: yup.string().max(5000).optional(),
  name: yup.string().trim().max(20, b.nameMax).optional(),
  email: yup.string().trim().email(b.emailInvalid).max(254).optional(),
  phone: yup.string().trim().matches(DIGITS_ONLY, { message: b.phoneDigits, excludeEmptyString: true }).max(20).optional(),
});
export type BookingDraft = yup.InferType<typeof bookingDraftSchema>;

const lastIndex = (list: unknown[] | undefined) => (list ? list.length - 1 : 0);

export const bookingCompleteSchema = bookingDraftSchema
  .shape({
    hour: hourSchema.required(b.hourRequired),
    date: isoDate.required(b.dateRequired),
    description: yup.string().trim().required(b.descriptionRequired).max(5000),
    name: yup.string().trim().required(b.nameRequired).min(4, b.nameMin).max(20, b.nameMax),
    email: yup.string().trim().required(b.emailRequired).email(b.emailInvalid).max(254),
    phone: yup.string().trim().required(b.phoneRequired).matches(DIGITS_ONLY, b.phoneDigits).max(20),
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
  });
export type BookingComplete = yup.InferType<typeof bookingCompleteSchema>;

/** The booking page's Formik fields (SPEC.md section 3: all start as empty strings). */
export const bookingFormSchema = yup.object({
  name: yup.string().required(b.nameRequired).min(4, b.nameMin).max(20, b.nameMax),
  email: yup.string().required(b.emailRequired).email(b.emailInvalid),
  phone: yup.string().required(b.phoneRequired).matches(DIGITS_ONLY, b.phoneDigits),
  collection_address: yup.string().required(b.pickupAddressRequired).min(4, b.addressMin),
  collection_stair: yup.string().required(b.pickupStairRequired),
  delivery_address: yup.string().required(b.deliveryAddressRequired).min(4, b.addressMin),
  delivery_stair: yup.string().required(b.deliveryStairRequired),
  moving_date: yup.string().required(b.dateRequired),
  how_many_hour: yup.string().required(b.hourRequired),
  descriContent: yup.string().required(b.descriptionRequired),
});
export type BookingForm = yup.InferType<typeof bookingFormSchema>;
export const EMPTY_BOOKING_FORM: BookingForm = {
  name: '', email: '', phone: '', collection_address: '', collection_stair: '', delivery_address: '',
  delivery_stair: '', moving_date: '', how_many_hour: '', descriContent: '',
};
