import { useState } from 'react';
import { Form, Formik } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MSG, adminLoginSchema, type AdminLogin } from '@vanhop/contracts';
import { AdminApiError, login } from './api';
import { storeToken } from './session';
import { safeReturnPath, SESSION_EXPIRED_TEXT } from './return-path';
import { InputField } from '../../../ui/formik-fields';
import { Button } from '../../../ui';
import { adminPath } from '../../../lib/area-paths';

const INITIAL: AdminLogin = { username: '', password: '' };

/** What to show under the form when signing in fails (docs/SCREENS.md). */
export function loginFailureText(err: unknown): string {
  if (err instanceof AdminApiError && err.status > 0) return err.serverMessage ?? MSG.adminLogin.failed;
  return MSG.adminLogin.errorDuring;
}

export function LoginPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // Sent here from a staff page (a direct link, an expired session): back to it after signing in.
  const [search] = useSearchParams();
  const expired = search.get('expired') === '1';

  const submit = async (values: AdminLogin) => {
    setFailure(null);
    try {
      const answer = await login(adminLoginSchema.cast(values) as AdminLogin);
      if (answer?.success && answer.token) {
        storeToken(answer.token);
        await navigate(safeReturnPath(search.get('next')), { replace: true });
      } else {
        setFailure(answer?.message || MSG.adminLogin.unsuccessful);
      }
    } catch (err) {
      setFailure(loginFailureText(err));
    }
  };

  return (
    <section className="admin-card admin-auth">
      <h1>Staff login</h1>
      {expired && (
        <p className="admin-form-error" role="status" data-testid="session-expired">
          {SESSION_EXPIRED_TEXT}
        </p>
      )}
      <Formik initialValues={INITIAL} validationSchema={adminLoginSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Staff login" className="admin-form">
            <InputField form="admin" name="username" label="Username" autoComplete="username" />
            <InputField form="admin" name="password" label="Password" type="password" autoComplete="current-password" />
            <div className="admin-actions">
              <Button type="submit" area="admin" disabled={isSubmitting}>
                Login
              </Button>
              <Button area="admin" variant="secondary" onClick={() => navigate(adminPath('register'))}>
                Sign Up
              </Button>
            </div>
            {failure && (
              <p className="admin-form-error" role="alert" data-testid="login-error">
                {failure}
              </p>
            )}
          </Form>
        )}
      </Formik>
    </section>
  );
}
