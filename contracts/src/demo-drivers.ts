/**
 * The demo drivers' e-mail domain. `.example` is reserved (RFC 2606): no real driver can have an
 * address there, so an account on it is a demo one wherever it is read.
 */
export const DEMO_DRIVER_EMAIL_DOMAIN = 'drivers.vanhop.example';

export const isDemoDriverEmail = (email: string): boolean =>
  email.trim().toLowerCase().endsWith(`@${DEMO_DRIVER_EMAIL_DOMAIN}`);
