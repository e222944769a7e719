import * as yup from 'yup';
import { MSG } from '../messages.js';
import { noControlCharacters } from './common.js';
import { newPasswordField } from './password.js';

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
    .matches(/^\S*$/, r.nameNoSpaces)
    .test(noControlCharacters),
  /** A new password: the rule drivers' first passwords follow too (sign-in takes older, shorter ones). */
  password: newPasswordField(r.passwordRequired),
  /** The repeated password (the old sign-up form's name for it). */
  password1: yup
    .string()
    .required(r.passwordConfirmRequired)
    .oneOf([yup.ref('password')], r.passwordMatch),
  /** The staff sign-up code (docs/ADMIN.md), named as the old sign-up form sent it. */
  uniquecode: yup.string().required(r.codeRequired).max(200),
});
export type AdminRegister = yup.InferType<typeof adminRegisterSchema>;

export interface AdminLoginResponse {
  token?: string;
  success: boolean;
  message: string;
}
export interface AdminRegisterResponse {
  message?: string;
  errormessage?: string;
}

/** One service's readiness as the staff health page shows it (admin-auth probes each `/health/ready`). */
export type ServiceState = 'ready' | 'not ready' | 'unreachable';

/** GET /api/dashboard/health answer (200 when ok, 503 when degraded): ok only when every service is ready. */
export interface SystemHealthResponse {
  health: 'ok' | 'degraded';
  services: Record<string, ServiceState>;
}

/** GET /api/account/admindashboard answer: who is signed in. */
export interface AdminProfileResponse {
  username: string;
}

/** GET /api/dashboard answer (staff only): the host's address as the server-health page shows it. */
export interface ServerIpResponse {
  serverIp: string;
}

/** The answer of a staff action on a booking (POST /api/backdata/review/:id, DELETE /api/backdata/delete/:id): the text to alert. */
export interface StaffActionResponse {
  message: string;
}
