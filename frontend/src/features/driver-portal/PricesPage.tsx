/**
 * /driver/prices: the driver's own price card in pounds, each number with the range the office
 * allows, for the vans and help levels they offer (the card's other numbers are sent back as they
 * were). Saved as the whole card in pence (priceCardSchema); numbers outside their range are
 * refused here first and by the service again (its field errors, `card.<path>`, land on the inputs),
 * and either way the first wrong number gets the focus. A save that found the session expired keeps
 * what was typed (./form-drafts): after signing in again the page opens with it until it is saved.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useLocation } from 'react-router-dom';
import { priceCardSchema, type DriverSelfView, type PriceCardWire } from '@vanhop/contracts';
import { isUnauthorized } from '../../api/bearer-client';
import { usePageTitle } from '../../lib/usePageTitle';
import { StatusLine, SubmitRow } from '../../ui/fields';
import { PriceCardInputs, formikErrors } from '../../ui/formik-fields';
import {
  cardFromForm,
  cardOutsideBounds,
  cardToForm,
  fieldTexts,
  schemaErrors,
  type CardForm,
} from '../../lib/price-card-form';
import { PortalApiError, fetchSelf, messageOf, saveCard } from './api';
import { FocusFirstInvalid } from './focus-first-invalid';
import { DRAFT_RESTORED_TEXT, pricesDrafts } from './form-drafts';
import { offeredCardGroups } from './offered-card-groups';
import { PortalLoading } from './PortalLoading';
import { useDriverSession } from './session';
import { YourRating } from './YourRating';

const FORM = 'prices';

/** The service names card fields `card.<path>` (bounds) or `<path>` (schema): both are this form's `<path>`. */
const serverTexts = (errors: Record<string, string>) =>
  fieldTexts(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^card\./, ''), v])), ['']);

export function PricesPage() {
  usePageTitle('Your prices · VanHop driver portal');
  const { token, guard } = useDriverSession();
  const location = useLocation();
  const [view, setView] = useState<DriverSelfView | null>(null);
  const [draft, setDraft] = useState<CardForm | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [status, setStatus] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const load = useCallback(async () => {
    if (!token) return;
    try {
      const self = await guard(fetchSelf(token));
      setView(self);
      setDraft(pricesDrafts.read(self.id));
      setLoadError(null);
      setFormKey((k) => k + 1);
    } catch (err) {
      setLoadError(messageOf(err, 'Your prices could not be loaded.'));
    }
  }, [token, guard]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!view) return <PortalLoading title="Your prices" error={loadError} />;

  const validate = async (values: CardForm) => {
    const card = cardFromForm(values);
    const errors = fieldTexts(await schemaErrors(priceCardSchema, card), ['']);
    for (const [path, text] of Object.entries(cardOutsideBounds(card, view.cardBounds)))
      if (!errors[path]) errors[path] = text;
    return formikErrors<CardForm>(errors);
  };

  const submit = async (values: CardForm, helpers: FormikHelpers<CardForm>) => {
    if (!token) return;
    setStatus(null);
    setFailure(null);
    try {
      const card = (await priceCardSchema.validate(cardFromForm(values))) as PriceCardWire;
      setView(await guard(saveCard(token, card)));
      pricesDrafts.forget(view.id);
      setDraft(null);
      setFormKey((k) => k + 1);
      setStatus('Prices saved');
    } catch (err) {
      // The session expired: the driver is on their way to sign in again; keep what they typed for when they come back.
      if (isUnauthorized(err)) return pricesDrafts.keep(view.id, values);
      if (err instanceof PortalApiError && Object.keys(err.errors).length)
        helpers.setErrors(formikErrors<CardForm>(serverTexts(err.errors)));
      setFailure(messageOf(err, 'Your prices could not be saved. Please try again.'));
    }
  };

  return (
    <section className="portal-page">
      <h1>Your prices</h1>
      <YourRating driverId={view.id} rating={view.rating} reviewCount={view.reviewCount} />
      <p className="portal-muted">
        Customers are quoted from these prices, for the vans and help you offer. Each one must stay within the range the
        office set, shown under its name.
      </p>
      {!view.active && (
        <p role="alert" className="vh-form-error">
          Your account is suspended: please contact the office. You cannot change your prices for now.
        </p>
      )}
      <StatusLine status={status} />
      {draft && (
        <p className="portal-note" data-testid="draft-restored">
          {DRAFT_RESTORED_TEXT}
        </p>
      )}
      <Formik key={formKey} initialValues={draft ?? cardToForm(view.card)} validate={validate} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form ref={formRef} noValidate aria-label="Your prices" className="vh-form">
            <FocusFirstInvalid formRef={formRef} />
            <PriceCardInputs
              form={FORM}
              prefix=""
              bounds={view.cardBounds}
              disabled={!view.active}
              groups={offeredCardGroups(view)}
            />
            <SubmitRow
              area="portal"
              label="Save prices"
              disabled={isSubmitting || !view.active}
              failure={failure}
              failureTestId="prices-error"
            />
          </Form>
        )}
      </Formik>
    </section>
  );
}
