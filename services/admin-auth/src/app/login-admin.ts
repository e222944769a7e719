import { randomBytes } from 'node:crypto';
import type { AdminLogin } from '@vanhop/contracts';
import { issueAdminToken, UnauthorizedError, type Clock, type DocumentStore, type JwtConfig } from '@vanhop/platform';
import { ADMINS, adminNameKey, type AdminAccount } from '../domain/admin-account.js';
import type { PasswordHasher } from './password-hasher.js';

export const LOGIN_MESSAGES = {
  success: 'Login successful',
  /** Same words for an unknown name and a wrong password, so names cannot be probed. */
  failed: 'Invalid username or password',
} as const;

/** Checks staff credentials and issues a short-lived token. */
export class LoginAdmin {
  /** Hashed once: unknown names still pay for one hash check, so timing does not reveal them. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly store: DocumentStore,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtConfig,
    private readonly clock: Clock,
  ) {}

  /** Computes the stand-in hash at start-up rather than during someone's first login. */
  async warmUp(): Promise<void> {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    await this.dummyHash;
  }

  async execute(input: AdminLogin): Promise<{ token: string; success: true; message: string }> {
    const account = await this.store.collection<AdminAccount>(ADMINS).findOne({ nameKey: adminNameKey(input.username) });
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    const ok = await this.hasher.verify(input.password, account?.passwordHash ?? (await this.dummyHash));
    if (!account || !ok) throw new UnauthorizedError(LOGIN_MESSAGES.failed);
    const token = issueAdminToken({ sub: account._id, username: account.name }, this.jwt, this.clock);
    return { token, success: true, message: LOGIN_MESSAGES.success };
  }
}
