import { useState } from 'react';
import { Form, Formik } from 'formik';
import { Link, useNavigate } from 'react-router-dom';
import { MSG, NEW_PASSWORD, adminRegisterSchema, type AdminRegister } from '@vanhop/contracts';
import { AdminApiError, register } from './api';
import { InputField } from '../../../ui/formik-fields';
import { Button } from '../../../ui';
import { adminPath } from '../../../lib/area-paths';

const INITIAL: AdminRegister = { name: '', password: '', password1: '', uniquecode: '' };

/** Staff sign-up with the code the office hands out; the server's refusal shows under the code field. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (values: AdminRegister) => {
    setServerError(null);
    try {
      const answer = await register(values);
      window.alert(answer?.message ?? 'Registered');
      await navigate(adminPath('login'));
    } catch (err) {
      setServerError(
        err instanceof AdminApiError && err.serverMessage && err.status > 0
          ? err.serverMessage
          : MSG.admin.networkNotOk,
      );
    }
  };

  return (
    <section className="admin-card admin-auth">
      <h1>Staff sign up</h1>
      <Formik initialValues={INITIAL} validationSchema={adminRegisterSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Staff sign up" className="admin-form">
            <InputField form="admin" name="name" label="Name" autoComplete="username" />
            <InputField
              form="admin"
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={`${NEW_PASSWORD.min} to ${NEW_PASSWORD.max} characters`}
            />
            <InputField
              form="admin"
              name="password1"
              label="Repeat password"
              type="password"
              autoComplete="new-password"
            />
            <InputField form="admin" name="uniquecode" label="Unique code" autoComplete="off">
              {serverError && (
                <p className="admin-field-error" role="alert" data-testid="register-error">
                  {serverError}
                </p>
              )}
            </InputField>
            <div className="admin-actions">
              <Button type="submit" area="admin" disabled={isSubmitting}>
                Sign Up
              </Button>
              <Link to={adminPath('login')}>Back to login</Link>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
