import type { DriverAccountStatus, DriverAccountView } from '@vanhop/contracts';

/**
 * A driver's portal account (`driver_accounts`), keyed by the driver id. Name, e-mail and the
 * active flag are a copy kept in step with quote's DriverUpdated events (quote owns the driver);
 * the password and the invitation are admin-auth's own.
 */
export interface DriverAccount {
  _id: string;
  name: string;
  email: string;
  /** Lower-cased, trimmed e-mail of the copy (several copies may hold one for a moment, see signInKey). */
  emailKey: string;
  /**
   * The e-mail key this account signs in with: unique, so one e-mail opens one account. quote keeps
   * e-mails unique, but its events for two drivers may arrive out of order (one takes an address
   * another has just given up): until the later change is applied, the account whose e-mail
   * changed last holds the address and the other has no sign-in key.
   */
  signInKey?: string;
  /** When quote gave the driver this e-mail (the event's `at`; '' for copies older than the field). */
  emailSince?: string;
  active: boolean;
  /** The driver version last applied: an older event redelivered late changes nothing. */
  version: number;
  passwordHash?: string;
  passwordSetAt?: string;
  /** The random part of the one invitation link that still works; unset once used. */
  inviteNonce?: string;
  invitedAt?: string;
  inviteExpiresAt?: string;
  invitedBy?: string;
  lastLoginAt?: string;
  /** Set once DriverAccountOpened was parked for this account (quote then knows the driver can answer offers). */
  openedAnnouncedAt?: string;
}

export const DRIVER_ACCOUNTS = 'driver_accounts';

export const driverEmailKey = (email: string): string => email.trim().toLowerCase();

/**
 * Of two accounts claiming one address, the one that got it later keeps it (the other's copy is
 * out of date, or an old duplicate from before e-mails were unique); on a tie the holder keeps it.
 */
export const laterEmailClaim = (claimSince: string | undefined, holderSince: string | undefined): boolean =>
  (claimSince ?? '') > (holderSince ?? '');

/** A password makes an account active; an unexpired, unused invitation makes it invited. */
export function accountStatus(a: DriverAccount, now: Date): DriverAccountStatus {
  if (a.passwordHash) return 'active';
  if (a.inviteNonce && a.inviteExpiresAt && Date.parse(a.inviteExpiresAt) > now.getTime()) return 'invited';
  return 'none';
}

export const accountView = (a: DriverAccount, now: Date): DriverAccountView => ({
  driverId: a._id,
  name: a.name,
  email: a.email,
  active: a.active,
  status: accountStatus(a, now),
  invitedAt: a.invitedAt ?? null,
  inviteExpiresAt: a.inviteExpiresAt ?? null,
  passwordSetAt: a.passwordSetAt ?? null,
  lastLoginAt: a.lastLoginAt ?? null,
});

/** The invitation link's subject: the driver and the nonce of this invitation (a newer one replaces it). */
export const inviteSubject = (driverId: string, nonce: string): string => `${driverId}~${nonce}`;

export function parseInviteSubject(subject: string): { driverId: string; nonce: string } | null {
  const m = /^(drv-[\w-]{1,60})~([a-f0-9]{32})$/.exec(subject);
  return m ? { driverId: m[1]!, nonce: m[2]! } : null;
}
