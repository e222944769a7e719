import type { AdminLogin } from '@vanhop/contracts';
import { issueAdminToken, UnauthorizedError, type Clock, type DocumentStore, type JwtConfig } from '@vanhop/platform';
import { ADMINS, adminNameKey, type AdminAccount } from '../domain/admin-account.js';
import type { CredentialCheck } from './credential-check.js';

export const LOGIN_MESSAGES = {
  success: 'Login successful',
  /** Same words for an unknown name and a wrong password, so names cannot be probed. */
  failed: 'Invalid username or password',
} as const;

/** Checks staff credentials and issues a short-lived token. */
export class LoginAdmin {
  constructor(
    private readonly store: DocumentStore,
    private readonly credentials: CredentialCheck,
    private readonly jwt: JwtConfig,
    private readonly clock: Clock,
  ) {}

  async execute(input: AdminLogin): Promise<{ token: string; success: true; message: string }> {
    const found = await this.store.collection<AdminAccount>(ADMINS).findOne({ nameKey: adminNameKey(input.username) });
    const account = await this.credentials.match(input.password, found ? [found] : []);
    if (!account) throw new UnauthorizedError(LOGIN_MESSAGES.failed);
    const token = issueAdminToken({ sub: account._id, username: account.name }, this.jwt, this.clock);
    return { token, success: true, message: LOGIN_MESSAGES.success };
  }
}
