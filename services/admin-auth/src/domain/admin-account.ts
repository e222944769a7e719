/** A staff account as stored in the `admins` collection. */
export interface AdminAccount {
  _id: string;
  /** The name as registered, shown on the dashboard. */
  name: string;
  /** Lower-cased name: unique, so "Sam" and "sam" cannot both exist and login ignores case. */
  nameKey: string;
  /** Self-describing hash string (algorithm, parameters, salt, digest); never the password. */
  passwordHash: string;
  createdAt: string;
}

export const ADMINS = 'admins';

export const adminNameKey = (name: string): string => name.trim().toLowerCase();
