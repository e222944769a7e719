import { UnauthorizedError, type AdminClaims, type DocumentStore } from '@vanhop/platform';
import { ADMINS, type AdminAccount } from '../domain/admin-account.js';

/** The signed-in admin's profile; a valid token for an account that no longer exists is refused. */
export class GetAdminProfile {
  constructor(private readonly store: DocumentStore) {}

  async execute(claims: AdminClaims): Promise<{ username: string }> {
    const account = await this.store.collection<AdminAccount>(ADMINS).findOne({ _id: claims.sub });
    if (!account) throw new UnauthorizedError('Unauthorized: please log in again');
    return { username: account.name };
  }
}
