/**
 * /driver/welcome/:token: the invitation link from the office's e-mail. It shows whom the invitation
 * is for, and the driver chooses their password; that signs them in and opens their prices.
 */
import { useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  COMPANY,
  DRIVER_ACCOUNT_MSG,
  driverPasswordSchema,
  type DriverInvitePreview,
  type DriverPasswordSet,
} from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { SubmitRow } from '../../ui/fields';
import { InputField, formikErrors } from '../../ui/formik-fields';
import { londonDateTime } from '../../lib/format';
import { PortalApiError, fetchInvite, messageOf, setFirstPassword } from './api';
import { storeDriverToken } from './session';
import { useResource } from '../../lib';
import { driverPath } from '../../lib/area-paths';

const INITIAL: DriverPasswordSet = { password: '', password1: '' };
const FORM = 'driver-welcome';

/** A link that cannot be used (unknown, spent or expired): the server's words, or ours. */
const deadLinkText = (err: unknown) =>
  err instanceof PortalApiError && err.status === 410
    ? (err.serverMessage ?? DRIVER_ACCOUNT_MSG.inviteSpent)
    : err instanceof PortalApiError && err.status === 404
      ? (err.serverMessage ?? DRIVER_ACCOUNT_MSG.inviteInvalid)
      : messageOf(err, 'The invitation could not be checked. Please try again in a moment.');

function DeadLink({ message }: { message: string }) {
  return (
    <section className="portal-card portal-auth">
      <h1>Driver invitation</h1>
      <p role="alert" className="vh-form-error">
        {message}
      </p>
      <p>
        <Link to={driverPath('login')}>Go to driver sign in</Link>
      </p>
    </section>
  );
}

export function WelcomePage() {
  usePageTitle('Welcome · VanHop driver portal');
  const { token: invite = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useResource(() => fetchInvite(invite), [invite]);
  const preview: DriverInvitePreview | null = invitation.loading ? null : (invitation.data ?? null);
  const [refused, setDead] = useState<string | null>(null);
  const dead = refused ?? (invitation.error !== undefined ? deadLinkText(invitation.error) : null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: DriverPasswordSet, helpers: FormikHelpers<DriverPasswordSet>) => {
    setFailure(null);
    try {
      const answer = await setFirstPassword(invite, values);
      storeDriverToken(answer.token);
      await navigate(driverPath('prices'), {
        replace: true,
        state: { notice: answer.message || DRIVER_ACCOUNT_MSG.passwordSet },
      });
    } catch (err) {
      if (err instanceof PortalApiError && (err.status === 410 || err.status === 404)) {
        setDead(deadLinkText(err));
        return;
      }
      if (err instanceof PortalApiError && Object.keys(err.errors).length)
        helpers.setErrors(formikErrors<DriverPasswordSet>(err.errors));
      setFailure(messageOf(err, 'Your password could not be set. Please try again.'));
    }
  };

  if (dead) return <DeadLink message={dead} />;
  if (!preview) return <p className="portal-card">Loading...</p>;

  return (
    <section className="portal-card portal-auth">
      <h1>
        Welcome to {COMPANY.brand}, {preview.name}
      </h1>
      <p>
        You will sign in with <strong>{preview.email}</strong>. Choose a password of at least 10 characters.
      </p>
      {preview.expiresAt && <p className="portal-muted">This link works until {londonDateTime(preview.expiresAt)}.</p>}
      <Formik initialValues={INITIAL} validationSchema={driverPasswordSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Set your password" className="vh-form">
            {/* Lets password managers save the pair under the right account. */}
            <input type="email" name="username" autoComplete="username" value={preview.email} readOnly hidden />
            <InputField form={FORM} name="password" label="Password" type="password" autoComplete="new-password" />
            <InputField
              form={FORM}
              name="password1"
              label="Confirm password"
              type="password"
              autoComplete="new-password"
            />
            <SubmitRow area="portal" label="Set password" disabled={isSubmitting} failure={failure} />
          </Form>
        )}
      </Formik>
    </section>
  );
}
