import * as yup from 'yup';
import { NEW_PASSWORD } from '../password-rule.js';

export { NEW_PASSWORD, newPasswordProblem } from '../password-rule.js';

/** A field for a password being chosen; `requiredMessage` is each form's own words for an empty one. */
export const newPasswordField = (requiredMessage: string) =>
  yup
    .string()
    .required(requiredMessage)
    .min(NEW_PASSWORD.min, NEW_PASSWORD.message)
    .max(NEW_PASSWORD.max, NEW_PASSWORD.message);
