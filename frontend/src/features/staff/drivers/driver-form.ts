/**
 * The staff driver form's values and their wire shape. The inputs are strings (money in pounds);
 * the submitted body is what driverCreateSchema / driverPatchSchema cast it to (pence, trimmed,
 * e-mail lower case, postcode upper case), and the form's field names are the wire's paths, so a
 * schema or server error for `card.vanPerHourPence.Small` names the input it belongs to.
 */
import {
  driverCreateSchema,
  driverPatchSchema,
  type DriverAdminView,
  type DriverCreate,
  type DriverPatch,
} from '@vanhop/contracts';
import {
  boundsBlank,
  boundsFromForm,
  boundsOutOfOrder,
  boundsToForm,
  cardFromForm,
  cardOutsideBounds,
  cardToForm,
  fieldTexts,
  schemaErrors,
  ZERO_CARD,
  type BoundsForm,
  type CardForm,
} from '../../../lib/price-card-form';

export interface DriverFormValues {
  name: string;
  email: string;
  phone: string;
  vanSizes: string[];
  helpLevels: string[];
  basePostcode: string;
  serviceRadiusMiles: string;
  ulezCompliant: boolean;
  /** An https address, a data: URL read from an upload, or '' for none. */
  photoUrl: string;
  card: CardForm;
  cardBounds: BoundsForm;
}

export type DriverFormMode = 'new' | 'edit';

export const driverToForm = (d: DriverAdminView): DriverFormValues => ({
  name: d.name,
  email: d.email,
  phone: d.phone,
  vanSizes: [...d.vanSizes],
  helpLevels: [...d.helpLevels],
  basePostcode: d.basePostcode,
  serviceRadiusMiles: String(d.serviceRadiusMiles),
  ulezCompliant: d.ulezCompliant,
  photoUrl: d.photoUrl ?? '',
  card: cardToForm(d.card),
  cardBounds: boundsToForm(d.cardBounds),
});

/**
 * A new driver's blank form. The card (and its bounds) start as a copy of an existing driver's so
 * staff only change what differs; with no driver to copy the card is zeros to fill in and the bounds
 * are left blank (the service then applies its default bounds).
 */
export const newDriverForm = (template?: DriverAdminView): DriverFormValues => ({
  name: '',
  email: '',
  phone: '',
  vanSizes: [],
  helpLevels: [],
  basePostcode: '',
  serviceRadiusMiles: template ? String(template.serviceRadiusMiles) : '10',
  ulezCompliant: true,
  photoUrl: '',
  card: cardToForm(template?.card ?? ZERO_CARD),
  cardBounds: boundsToForm(template?.cardBounds),
});

const radius = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The body before validation: numbers parsed (NaN where an input is not a number), bounds left out when all blank. */
export function formToWire(v: DriverFormValues): Record<string, unknown> {
  return {
    name: v.name,
    email: v.email,
    phone: v.phone.replace(/[\s-]/g, ''),
    vanSizes: v.vanSizes,
    helpLevels: v.helpLevels,
    basePostcode: v.basePostcode,
    serviceRadiusMiles: radius(v.serviceRadiusMiles),
    ulezCompliant: v.ulezCompliant,
    photoUrl: v.photoUrl,
    card: cardFromForm(v.card),
    cardBounds: boundsBlank(v.cardBounds) ? undefined : boundsFromForm(v.cardBounds),
  };
}

const schemaOf = (mode: DriverFormMode) => (mode === 'new' ? driverCreateSchema : driverPatchSchema);

/**
 * Every problem of the form by input name: the contracts schema's texts, then (when the numbers
 * themselves are fine) the checks the service makes too: each bound's minimum not above its
 * maximum, and the card within its bounds.
 */
export async function driverFormErrors(v: DriverFormValues, mode: DriverFormMode): Promise<Record<string, string>> {
  const wire = formToWire(v);
  const errors = fieldTexts(await schemaErrors(schemaOf(mode), wire));
  const bounds = wire.cardBounds as ReturnType<typeof boundsFromForm> | undefined;
  if (bounds) {
    for (const [path, text] of Object.entries(boundsOutOfOrder(bounds))) {
      if (!errors[`cardBounds.min.${path}`] && !errors[`cardBounds.max.${path}`])
        errors[`cardBounds.min.${path}`] = text;
    }
    for (const [path, text] of Object.entries(
      cardOutsideBounds(wire.card as ReturnType<typeof cardFromForm>, bounds),
    )) {
      if (!errors[`card.${path}`] && !errors[`cardBounds.min.${path}`] && !errors[`cardBounds.max.${path}`])
        errors[`card.${path}`] = text;
    }
  }
  return errors;
}

/** The body to send: the schema's cast of the form (call after driverFormErrors found nothing). */
export async function driverFormBody(v: DriverFormValues, mode: 'new'): Promise<DriverCreate>;
export async function driverFormBody(v: DriverFormValues, mode: 'edit'): Promise<DriverPatch>;
export async function driverFormBody(v: DriverFormValues, mode: DriverFormMode): Promise<DriverCreate | DriverPatch> {
  const cast = (await schemaOf(mode).validate(formToWire(v), { abortEarly: false })) as DriverCreate | DriverPatch;
  // Leave cardBounds out rather than send `undefined` (JSON drops it either way; tests compare objects).
  if (cast.cardBounds === undefined) delete (cast as { cardBounds?: unknown }).cardBounds;
  return cast;
}
