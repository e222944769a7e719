import * as yup from 'yup';

export const DIGITS_ONLY = /^\d+$/;

/** A yup `string` that refuses objects and arrays instead of casting them: query values must never be objects. */
export const plainString = () => yup.string().strict(true);
