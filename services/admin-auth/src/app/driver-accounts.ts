import { randomBytes } from 'node:crypto';
import {
  DRIVER_ACCOUNT_MSG,
  isDemoDriverEmail,
  type DemoDriverContact,
  newPasswordProblem,
  TOPICS,
  type DriverAccountView,
  type DriverIdentity,
  type DriverInvitePreview,
  type DriverInviteSent,
  type DriverLogin,
  type DriverLoginResponse,
  type DriverPasswordSet,
  type DriverUpdated,
} from '@vanhop/contracts';
import {
  ConflictError,
  createEvent,
  DomainError,
  issueDriverToken,
  NotFoundError,
  outboxEntry,
  UnauthorizedError,
  ValidationError,
  type Clock,
  type JwtConfig,
  type LinkSigner,
  type OutboxRelay,
} from '@vanhop/platform';
import {
  accountStatus,
  accountView,
  inviteSubject,
  parseInviteSubject,
  type DriverAccount,
} from '../domain/driver-account.js';
import type { DriverAccountRepository } from '../domain/ports.js';
import type { CredentialCheck } from './credential-check.js';
import type { DriverSessions } from './driver-sessions.js';
import type { PasswordHasher } from '../domain/ports.js';

/** The driver's e-mail is the sign-in of another driver's account: 409 naming the field, like quote's refusal. */
export class EmailInUseError extends DomainError {
  constructor() {
    super(DRIVER_ACCOUNT_MSG.emailInUse, 409, 'email_in_use', { errors: { email: DRIVER_ACCOUNT_MSG.emailInUse } });
  }
}

/** An invitation that was genuine but is used, replaced or expired: the driver asks for a new one. */
export class InvitationSpentError extends DomainError {
  constructor() {
    super(DRIVER_ACCOUNT_MSG.inviteSpent, 410, 'invitation_spent');
  }
}

export interface DriverAccountDeps {
  accounts: DriverAccountRepository;
  hasher: PasswordHasher;
  credentials: CredentialCheck;
  jwt: JwtConfig;
  links: LinkSigner;
  clock: Clock;
  inviteDays: number;
  relay?: OutboxRelay;
  /** Device sessions: the short access token they renew, and their end when a driver is suspended. */
  sessions?: Pick<DriverSessions, 'accessToken' | 'revokeAll'>;
  /**
   * The embedded demo's password for the seeded demo drivers (DEMO_DRIVER_PASSWORD, never in
   * distributed mode): their accounts open with it, so offers and hand-ons reach them as they
   * would reach real drivers. Absent: demo drivers are invited like any other.
   */
  demoPassword?: string | null;
  /**
   * The demo drivers fleet seeds (SEED_DEMO_DRIVERS): with a demo password their accounts are
   * opened at start from this list, not only when quote's copy of each arrives.
   */
  demoSeed?: readonly DemoDriverContact[];
}

const identity = (a: DriverAccount): DriverIdentity => ({ id: a._id, name: a.name, email: a.email });

/**
 * Driver portal accounts: staff invite a driver by e-mail, the driver chooses a password with the
 * one-use link, then signs in with e-mail and password for a driver-role token. Suspended drivers
 * (quote's DriverUpdated says so) cannot sign in.
 */
export class DriverAccounts {
  constructor(private readonly deps: DriverAccountDeps) {}

  /** quote's DriverUpdated → the copy of name, e-mail and active flag. */
  async driverUpdated(d: DriverUpdated): Promise<void> {
    await this.deps.accounts.applyDriver(d.driverId, d.version, d.driver, d.at);
    if (d.driver.active && isDemoDriverEmail(d.driver.email)) await this.openDemoAccount(d.driverId);
    // Suspended: no device of theirs is refreshed again (a reactivation does not bring them back).
    if (!d.driver.active) await this.deps.sessions?.revokeAll(d.driverId, 'suspended');
  }

  /** Every driver's account, or (given ids) only those drivers'. */
  async list(ids?: string[]): Promise<DriverAccountView[]> {
    const now = this.deps.clock.now();
    const accounts = ids ? await this.deps.accounts.byIds(ids) : await this.deps.accounts.list();
    return accounts.map((a) => accountView(a, now));
  }

  async invite(driverId: string, invitedBy: string): Promise<DriverInviteSent> {
    const account = await this.deps.accounts.findById(driverId);
    if (!account) throw new NotFoundError(DRIVER_ACCOUNT_MSG.unknownDriver);
    if (!account.active) throw new ConflictError(DRIVER_ACCOUNT_MSG.suspendedInvite);
    // The e-mail is another account's sign-in (see DriverAccount.signInKey): an invitation would open a second account for it.
    if (account.signInKey !== account.emailKey) throw new EmailInUseError();
    const now = this.deps.clock.now();
    const expires = new Date(now.getTime() + this.deps.inviteDays * 86_400_000);
    const nonce = randomBytes(16).toString('hex');
    const token = this.deps.links.sign({ subject: inviteSubject(driverId, nonce), expiresAt: expires });
    const event = await createEvent(
      TOPICS.driverInvited,
      { driverId, name: account.name, email: account.email, token, expiresAt: expires.toISOString(), invitedBy },
      { producer: 'admin-auth', clock: this.deps.clock, correlationId: driverId },
    );
    const set = { inviteNonce: nonce, invitedAt: now.toISOString(), inviteExpiresAt: expires.toISOString(), invitedBy };
    if (!(await this.deps.accounts.invite(driverId, set, outboxEntry(TOPICS.driverInvited, event, driverId))))
      throw new NotFoundError(DRIVER_ACCOUNT_MSG.unknownDriver);
    void this.deps.relay?.kick([event.eventId]);
    return {
      driverId,
      email: account.email,
      invitedAt: set.invitedAt,
      expiresAt: set.inviteExpiresAt,
      message: DRIVER_ACCOUNT_MSG.inviteSent,
    };
  }

  /**
   * At start: accounts whose password was set before their opening was announced are announced
   * now, so quote learns of every driver who can answer offers online. Idempotent.
   */
  async announceOpenAccounts(): Promise<number> {
    const announced: string[] = [];
    for (const a of await this.deps.accounts.openUnannounced()) {
      if (!a.passwordSetAt) continue;
      const opened = await this.openedEntry(a._id, a.passwordSetAt);
      if (await this.deps.accounts.announceOpened(a._id, opened)) announced.push(opened.eventId);
    }
    if (announced.length > 0) void this.deps.relay?.kick(announced);
    return announced.length;
  }

  /**
   * The embedded demo: every demo driver's account (the reserved e-mail domain) without a password
   * gets the demo password, once. Runs at start (the seeded drivers first get the copy quote seeds
   * them with, so they can sign in as soon as the product is ready) and as each demo driver's copy
   * arrives (drivers added later).
   */
  async openDemoAccounts(): Promise<number> {
    if (!this.deps.demoPassword) return 0;
    await this.copySeededDemoDrivers();
    let opened = 0;
    for (const a of await this.deps.accounts.list())
      if (a.active && !a.passwordSetAt && isDemoDriverEmail(a.email) && (await this.openDemoAccount(a._id))) opened++;
    return opened;
  }

  /**
   * Version 0 is the version quote seeds a driver with: when quote's DriverUpdated for the seed
   * arrives it is no news, and a copy quote has changed since (a newer version) is left as it is.
   */
  private async copySeededDemoDrivers(): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    for (const d of this.deps.demoSeed ?? [])
      await this.deps.accounts.applyDriver(d.driverId, 0, { name: d.name, email: d.email, active: true }, at);
  }

  private async openDemoAccount(driverId: string): Promise<boolean> {
    if (!this.deps.demoPassword) return false;
    const existing = await this.deps.accounts.findById(driverId);
    if (!existing || existing.passwordSetAt) return false;
    const at = this.deps.clock.now().toISOString();
    const hash = await this.deps.hasher.hash(this.deps.demoPassword);
    const opened = await this.openedEntry(driverId, at);
    if (!(await this.deps.accounts.openDemo(driverId, hash, at, opened))) return false;
    void this.deps.relay?.kick([opened.eventId]);
    return true;
  }

  private async openedEntry(driverId: string, at: string) {
    const event = await createEvent(
      TOPICS.driverAccountOpened,
      { driverId, at },
      { producer: 'admin-auth', clock: this.deps.clock, correlationId: driverId },
    );
    return outboxEntry(TOPICS.driverAccountOpened, event, driverId);
  }

  async preview(token: string): Promise<DriverInvitePreview> {
    const { account } = await this.currentInvitation(token);
    return { name: account.name, email: account.email, expiresAt: account.inviteExpiresAt! };
  }

  async setPassword(token: string, input: DriverPasswordSet): Promise<DriverLoginResponse> {
    const weak = newPasswordProblem(input.password);
    if (weak) throw new ValidationError(weak, { password: weak });
    const { account, nonce } = await this.currentInvitation(token);
    const hash = await this.deps.hasher.hash(input.password);
    const at = this.deps.clock.now().toISOString();
    const opened = await this.openedEntry(account._id, at);
    const updated = await this.deps.accounts.setPasswordWithInvite(account._id, nonce, hash, at, opened);
    // Two tabs submitting one link: the first wins, the second is told the link is spent.
    if (!updated) throw new InvitationSpentError();
    void this.deps.relay?.kick([opened.eventId]);
    return this.signedIn(updated, DRIVER_ACCOUNT_MSG.passwordSet);
  }

  async login(input: DriverLogin): Promise<DriverLoginResponse> {
    // Accounts not yet given a password (invited, or never) cannot sign in: they count as unknown.
    const candidates = (await this.deps.accounts.findByEmail(input.email)).filter((a) => a.passwordHash);
    const match = await this.deps.credentials.match(input.password, candidates);
    if (!match) throw new UnauthorizedError(DRIVER_ACCOUNT_MSG.loginFailed);
    // Only after the password is right: a suspended driver learns why, a stranger learns nothing.
    if (!match.active) throw new UnauthorizedError(DRIVER_ACCOUNT_MSG.suspended);
    await this.deps.accounts.recordLogin(match._id, this.deps.clock.now().toISOString());
    return this.signedIn(match, DRIVER_ACCOUNT_MSG.loginSuccess);
  }

  async me(driverId: string): Promise<DriverIdentity> {
    const account = await this.deps.accounts.findById(driverId);
    if (!account?.active)
      throw new UnauthorizedError(account ? DRIVER_ACCOUNT_MSG.suspended : DRIVER_ACCOUNT_MSG.loginFailed);
    return identity(account);
  }

  private signedIn(a: DriverAccount, message: string): DriverLoginResponse {
    const token =
      this.deps.sessions?.accessToken(a) ??
      issueDriverToken({ sub: a._id, username: a.name }, this.deps.jwt, this.deps.clock);
    return { success: true, token, message, driver: identity(a) };
  }

  /** The account a genuine link is for, while its invitation is the current, unused, unexpired one. */
  private async currentInvitation(token: string): Promise<{ account: DriverAccount; nonce: string }> {
    const now = this.deps.clock.now();
    const subject = this.deps.links.verify(token, now);
    const parsed = subject ? parseInviteSubject(subject) : null;
    if (!parsed) {
      // A well-formed link whose signature still checks out except for its age reads as expired.
      if (this.deps.links.verify(token, new Date(0))) throw new InvitationSpentError();
      throw new NotFoundError(DRIVER_ACCOUNT_MSG.inviteInvalid);
    }
    const account = await this.deps.accounts.findById(parsed.driverId);
    if (!account) throw new NotFoundError(DRIVER_ACCOUNT_MSG.inviteInvalid);
    if (account.inviteNonce !== parsed.nonce || accountStatus(account, now) !== 'invited')
      throw new InvitationSpentError();
    if (!account.active) throw new UnauthorizedError(DRIVER_ACCOUNT_MSG.suspended);
    return { account, nonce: parsed.nonce };
  }
}
