import type { Request, Response } from 'express';
import type { DeviceCookie } from '../app/driver-sessions.js';

/** The refresh token's cookie: sent only to the session routes, never readable by scripts. */
export const DRIVER_SESSION_COOKIE = 'vh_driver_session';
export const DRIVER_SESSION_PATH = '/api/driver-account/session';

/** Plain http only on this machine (the embedded product, tests); everywhere else the cookie needs https. */
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function attributes(req: Request, maxAgeSeconds: number): string {
  const secure = LOCAL_HOST.test(req.headers.host ?? '') ? '' : '; Secure';
  return `Path=${DRIVER_SESSION_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

export function setSessionCookie(req: Request, res: Response, cookie: DeviceCookie, now: Date): void {
  const maxAge = Math.max(0, Math.floor((cookie.expiresAt.getTime() - now.getTime()) / 1000));
  res.append('Set-Cookie', `${DRIVER_SESSION_COOKIE}=${cookie.refreshToken}; ${attributes(req, maxAge)}`);
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.append('Set-Cookie', `${DRIVER_SESSION_COOKIE}=; ${attributes(req, 0)}`);
}

/** The refresh token the browser sent, if any (the Cookie header, no parser needed for one name). */
export function sessionCookieOf(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DRIVER_SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
