import { createHmac, timingSafeEqual } from 'node:crypto';

/** Shorter secrets are refused: the token is the whole credential of a link. */
export const MIN_LINK_SECRET_LENGTH = 32;

const VERSION = 'v1';
/** 128 bits of HMAC-SHA256: truncation to half the output is what RFC 2104 allows, and keeps links short. */
const MAC_BYTES = 16;
const MAX_TOKEN_LENGTH = 512;
const B64URL = /^[A-Za-z0-9_-]+$/;
const EXPIRY = /^[0-9a-z]{1,11}$/;

export interface LinkClaims {
  /** What the link opens (a record id); carried readable, so never anything secret. */
  subject: string;
  expiresAt: Date;
}

/**
 * Signed, expiring links that need no account: `v1.<subject>.<expiry>.<mac>`, URL-safe. The MAC
 * covers the version, the purpose, the subject and the expiry, so a token made for one purpose (or
 * by one secret) opens nothing elsewhere, and changing any part of it breaks it. Nothing about a
 * token can be guessed from the record's other identifiers (its retrieve code).
 */
export class LinkSigner {
  private readonly secret: Buffer;

  constructor(
    secret: string,
    private readonly purpose: string,
  ) {
    if (secret.length < MIN_LINK_SECRET_LENGTH)
      throw new Error(`A link secret must be at least ${MIN_LINK_SECRET_LENGTH} characters`);
    if (!/^[a-z0-9-]+$/.test(purpose)) throw new Error(`Bad link purpose: ${purpose}`);
    this.secret = Buffer.from(secret, 'utf8');
  }

  sign(claims: LinkClaims): string {
    const expiry = Math.ceil(claims.expiresAt.getTime() / 1000);
    if (!Number.isFinite(expiry) || expiry <= 0) throw new Error('A link needs a valid expiry');
    if (!claims.subject) throw new Error('A link needs a subject');
    const subject = Buffer.from(claims.subject, 'utf8').toString('base64url');
    const exp = expiry.toString(36);
    return `${VERSION}.${subject}.${exp}.${this.mac(subject, exp).toString('base64url')}`;
  }

  /** The subject of a genuine, unexpired token; null for anything else (never throws). */
  verify(token: unknown, now: Date): string | null {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [version, subject, exp, mac] = parts as [string, string, string, string];
    if (version !== VERSION || !B64URL.test(subject) || !EXPIRY.test(exp) || !B64URL.test(mac)) return null;
    const given = Buffer.from(mac, 'base64url');
    // Re-encoding must give the same text: otherwise two spellings of one token would both verify.
    if (given.length !== MAC_BYTES || given.toString('base64url') !== mac) return null;
    if (!timingSafeEqual(given, this.mac(subject, exp))) return null;
    if (parseInt(exp, 36) * 1000 <= now.getTime()) return null;
    const decoded = Buffer.from(subject, 'base64url');
    if (decoded.toString('base64url') !== subject) return null;
    return decoded.toString('utf8');
  }

  private mac(subject: string, exp: string): Buffer {
    return createHmac('sha256', this.secret)
      .update(`vanhop-link:${VERSION}:${this.purpose}:${subject}:${exp}`)
      .digest()
      .subarray(0, MAC_BYTES);
  }
}

const TOKEN_IN_TEXT = /\bv1\.[A-Za-z0-9_-]+\.[0-9a-z]{1,11}\.[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g;

/** A link token is a credential: request logs keep the path's shape, never the token itself. */
export const redactLinkTokens = (text: string): string => text.replace(TOKEN_IN_TEXT, 'v1.[redacted]');
