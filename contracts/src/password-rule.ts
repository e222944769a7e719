/*
 * The new-password rule without yup: the home route's words (messages.ts) read it, and a module
 * importing yup would bring yup into the first download of every page.
 */
/**
 * The one rule for a new password, staff and drivers alike: 10 to 128 characters. Only passwords
 * being chosen are checked (sign-up, a driver's first password); signing in takes whatever an
 * account was created with, so older staff accounts keep working.
 */
export const NEW_PASSWORD = { min: 10, max: 128, message: 'Password must be 10 to 128 characters' } as const;

/** The rule's words when `password` breaks it, else null: for use cases that must hold without their route's schema. */
export const newPasswordProblem = (password: string): string | null =>
  password.length < NEW_PASSWORD.min || password.length > NEW_PASSWORD.max ? NEW_PASSWORD.message : null;
