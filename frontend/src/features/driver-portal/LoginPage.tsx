import { useEffect, useState } from 'react';
import { Form, Formik } from 'formik';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { DRIVER_ACCOUNT_MSG, driverLoginSchema, type DriverLogin } from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { SubmitRow } from '../../ui/fields';
import { InputField } from '../../ui/formik-fields';
import { SESSION_EXPIRED_TEXT } from '../../lib/return-path';
import { PortalApiError, login } from './api';
import { driverReturnPath, storeDriverToken, useDriverSession } from './session';
import { renewDriverSession } from './silent-refresh';

const INITIAL: DriverLogin = { email: '', password: '' };
const FORM = 'driver-login';

/** The line under the form when signing in fails: the server's words (wrong password, suspended, no password yet, too many tries). */
export function loginFailureText(err: unknown): string {
  if (err instanceof PortalApiError && err.status === 429)
    return err.serverMessage ?? 'Too many sign-in attempts: please wait a few minutes and try again.';
  if (err instanceof PortalApiError && err.status > 0) return err.serverMessage ?? DRIVER_ACCOUNT_MSG.loginFailed;
  return 'VanHop could not be reached: check your connection and try again.';
}

export function DriverLoginPage() {
  usePageTitle('Driver sign in · VanHop');
  const navigate = useNavigate();
  // Sent here from a portal page (a direct link, an expired session): back to it after signing in.
  const [search] = useSearchParams();
  const next = driverReturnPath(search.get('next'));
  const expired = search.get('expired') === '1';
  const { token } = useDriverSession();
  const [failure, setFailure] = useState<string | null>(null);
  // The device may still be signed in (its token ran out while the phone slept): back to the page at once.
  useEffect(() => {
    if (!token) void renewDriverSession();
  }, [token]);

  if (token) return <Navigate to={next} replace />;

  const submit = async (values: DriverLogin) => {
    setFailure(null);
    try {
      const answer = await login(driverLoginSchema.cast(values) as DriverLogin);
      if (!answer?.token) {
        setFailure(answer?.message || DRIVER_ACCOUNT_MSG.loginFailed);
        return;
      }
      storeDriverToken(answer.token);
      await navigate(next, { replace: true });
    } catch (err) {
      setFailure(loginFailureText(err));
    }
  };

  return (
    <section className="portal-card portal-auth">
      <h1>Driver sign in</h1>
      {expired && (
        <p className="portal-note" role="status" data-testid="session-expired">
          {SESSION_EXPIRED_TEXT}
        </p>
      )}
      <Formik initialValues={INITIAL} validationSchema={driverLoginSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Driver sign in" className="vh-form">
            <InputField
              form={FORM}
              name="email"
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="username"
            />
            <InputField form={FORM} name="password" label="Password" type="password" autoComplete="current-password" />
            <SubmitRow
              area="portal"
              label="Sign in"
              disabled={isSubmitting}
              failure={failure}
              failureTestId="driver-login-error"
            />
          </Form>
        )}
      </Formik>
      <p className="portal-muted">
        First time here? Use the link in your invitation e-mail to set your password. Lost it? Ask the office for a new
        invitation.
      </p>
    </section>
  );
}
