import * as yup from 'yup';

/**
 * The one rule for a new password, staff and drivers alike: 10 to 128 characters. Only passwords
 * being chosen are checked (sign-up, a driver's first password); signing in takes whatever an
 * account was created with, so older staff accounts keep working.
 */
export const NEW_PASSWORD = { min: 10, max: 128, message: 'Password must be 10 to 128 characters' } as const;

/** A field for a password being chosen; `requiredMessage` is each form's own words for an empty one. */
export const newPasswordField = (requiredMessage: string) =>
  yup.string().required(requiredMessage).min(NEW_PASSWORD.min, NEW_PASSWORD.message).max(NEW_PASSWORD.max, NEW_PASSWORD.message);

/** The rule's words when `password` breaks it, else null: for use cases that must hold without their route's schema. */
export const newPasswordProblem = (password: string): string | null =>
  password.length < NEW_PASSWORD.min || password.length > NEW_PASSWORD.max ? NEW_PASSWORD.message : null;
