import {
  DRIVER_ACCOUNT_MSG,
  DRIVER_SESSION_MSG,
  type DriverLoginResponse,
  type DriverSessionsRevoked,
} from '@vanhop/contracts';
import { issueDriverToken, UnauthorizedError, type Clock, type JwtConfig } from '@vanhop/platform';
import type { DriverAccount } from '../domain/driver-account.js';
import {
  hashSecret,
  newSecret,
  newSessionId,
  parseRefreshToken,
  refreshToken,
  REUSE_GRACE_MS,
  type DriverSession,
  type DriverSessionEnd,
  type DriverSessionStore,
} from '../domain/driver-session.js';
import type { DriverAccountRepository } from '../domain/ports.js';

export interface DriverSessionDeps {
  sessions: DriverSessionStore;
  accounts: Pick<DriverAccountRepository, 'findById'>;
  jwt: JwtConfig;
  clock: Clock;
  /** How long a device stays signed in without being used (DRIVER_SESSION_DAYS). */
  sessionDays: number;
  /** The access token's lifetime (DRIVER_ACCESS_TOKEN_SECONDS, at most JWT_TTL_SECONDS). */
  accessSeconds: number;
}

/** A refresh token to set on the device, and until when. */
export interface DeviceCookie {
  refreshToken: string;
  expiresAt: Date;
}

/**
 * Drivers stay signed in on their device: a short access token for the API, and a refresh token
 * (an httpOnly cookie) that swaps for a new pair before it runs out. Each refresh token works once;
 * one presented again after it was replaced was copied, and ends the session. Staff can end a
 * driver's sessions; a suspension ends them; a suspended driver is never refreshed.
 */
export class DriverSessions {
  constructor(private readonly deps: DriverSessionDeps) {}

  /** The access token a signed-in driver uses, with the short lifetime a refresh renews. */
  accessToken(a: Pick<DriverAccount, '_id' | 'name'>): string {
    const ttlSeconds = Math.min(this.deps.jwt.ttlSeconds, this.deps.accessSeconds);
    return issueDriverToken({ sub: a._id, username: a.name }, { ...this.deps.jwt, ttlSeconds }, this.deps.clock);
  }

  /** A new device session after a sign-in (password or invitation). */
  async start(driverId: string, device: string): Promise<DeviceCookie> {
    const now = this.deps.clock.now();
    const secret = newSecret();
    const session: DriverSession = {
      _id: newSessionId(),
      driverId,
      tokenHash: hashSecret(secret),
      previousHash: null,
      rotatedAt: null,
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
      expiresAt: this.expiry(now).toISOString(),
      revokedAt: null,
      revokedBecause: null,
      device: device.slice(0, 200),
    };
    await this.deps.sessions.insert(session);
    return { refreshToken: refreshToken(session._id, secret), expiresAt: new Date(session.expiresAt) };
  }

  /** The refresh token swapped for a new access token and a new refresh token (401 otherwise). */
  async refresh(token: string | undefined): Promise<{ answer: DriverLoginResponse; cookie: DeviceCookie }> {
    const parsed = parseRefreshToken(token);
    const session = parsed ? await this.deps.sessions.findById(parsed.sessionId) : null;
    if (!parsed || !session) throw ended();
    const now = this.deps.clock.now();
    const at = now.toISOString();
    const presented = hashSecret(parsed.secret);
    if (session.revokedAt || Date.parse(session.expiresAt) <= now.getTime()) throw ended();
    if (presented !== session.tokenHash) {
      // A replaced token again, later than two tabs racing could explain: copied, so nobody keeps it.
      const raced = session.rotatedAt && now.getTime() - Date.parse(session.rotatedAt) < REUSE_GRACE_MS;
      if (presented === session.previousHash && !raced) await this.deps.sessions.revoke(session._id, 'reused', at);
      throw ended();
    }
    const account = await this.deps.accounts.findById(session.driverId);
    if (!account?.active) {
      await this.deps.sessions.revoke(session._id, 'suspended', at);
      throw new UnauthorizedError(account ? DRIVER_ACCOUNT_MSG.suspended : DRIVER_SESSION_MSG.ended);
    }
    const secret = newSecret();
    const expiresAt = this.expiry(now);
    if (!(await this.deps.sessions.rotate(session._id, presented, hashSecret(secret), at, expiresAt.toISOString())))
      throw ended();
    return {
      answer: {
        success: true,
        token: this.accessToken(account),
        message: DRIVER_SESSION_MSG.refreshed,
        driver: { id: account._id, name: account.name, email: account.email },
      },
      cookie: { refreshToken: refreshToken(session._id, secret), expiresAt },
    };
  }

  /** Signing out on this device ends its session (nothing to end is no error). */
  async signOut(token: string | undefined): Promise<void> {
    const parsed = parseRefreshToken(token);
    const session = parsed ? await this.deps.sessions.findById(parsed.sessionId) : null;
    if (parsed && session && hashSecret(parsed.secret) === session.tokenHash)
      await this.deps.sessions.revoke(session._id, 'signed-out', this.deps.clock.now().toISOString());
  }

  /** Staff, or a suspension: every device of the driver is signed out at its next refresh. */
  async revokeAll(driverId: string, because: DriverSessionEnd): Promise<DriverSessionsRevoked> {
    const revoked = await this.deps.sessions.revokeAll(driverId, because, this.deps.clock.now().toISOString());
    return { driverId, revoked, message: DRIVER_SESSION_MSG.revoked };
  }

  private expiry(now: Date): Date {
    return new Date(now.getTime() + this.deps.sessionDays * 86_400_000);
  }
}

const ended = () => new UnauthorizedError(DRIVER_SESSION_MSG.ended);
