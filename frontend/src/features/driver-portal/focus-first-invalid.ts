/**
 * After a refused Save the driver must see why: on a phone the first wrong field can be a screen or
 * more above the button. Focus it (so a screen reader reads it and its error) and bring it to the
 * middle of the screen, as the booking form does (FocusFirstError in features/booking/BookingForm).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useFormikContext } from 'formik';

/** Focuses the first field marked aria-invalid in `root`; false when there is none. */
export function focusFirstInvalid(root: HTMLElement | null): boolean {
  const first = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return false;
  first.focus();
  first.scrollIntoView?.({ block: 'center' });
  return true;
}

/**
 * For a Formik form: once per submit that ends with errors (the form's own checks or the server's
 * field errors put into Formik), after the errors are on the page.
 */
export function FocusFirstInvalid({ formRef }: { formRef: RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, isValid } = useFormikContext<unknown>();
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    focusFirstInvalid(formRef.current);
  }, [submitCount, isSubmitting, isValid, formRef]);
  return null;
}
