import * as yup from 'yup';
import { MSG } from '../messages.js';

export const adminLoginSchema = yup.object({
  username: yup.string().trim().required(MSG.adminLogin.usernameRequired).min(3, MSG.adminLogin.usernameMin).max(64),
  password: yup.string().required(MSG.adminLogin.passwordRequired).max(200),
});
export type AdminLogin = yup.InferType<typeof adminLoginSchema>;

const r = MSG.adminRegister;
export const adminRegisterSchema = yup.object({
  name: yup
    .string()
    .required(r.nameRequired)
    .min(3, r.nameMin)
    .max(64)
    .matches(/^\S*$/, r.nameNoSpaces),
  password: yup.string().required(r.passwordRequired).max(200),
  /** The repeated password (the old sign-up form's name for it). */
  password1: yup
    .string()
    .required(r.passwordConfirmRequired)
    .oneOf([yup.ref('password')], r.passwordMatch),
  /** The staff sign-up code (docs/ADMIN.md), named as the old sign-up form sent it. */
  uniquecode: yup.string().required(r.codeRequired).max(200),
});
export type AdminRegister = yup.InferType<typeof adminRegisterSchema>;

export interface AdminLoginResponse { token?: string; success: boolean; message: string }
export interface AdminRegisterResponse { message?: string; errormessage?: string }
