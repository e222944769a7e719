import { randomUUID } from 'node:crypto';
import { newPasswordProblem, type AdminRegister } from '@vanhop/contracts';
import {
  ConflictError,
  DuplicateKeyError,
  ForbiddenError,
  ValidationError,
  type Clock,
  type DocumentStore,
} from '@vanhop/platform';
import { ADMINS, adminNameKey, type AdminAccount } from '../domain/admin-account.js';
import { signupCodeMatches } from '../domain/signup-code.js';
import type { PasswordHasher } from '../domain/ports.js';

export const REGISTER_MESSAGES = {
  registered: 'Registration successful. You can now log in.',
  wrongCode: 'Your unique code is not valid',
  nameTaken: 'That name is already registered',
} as const;

/** Creates a staff account, only for someone holding the sign-up code. */
export class RegisterAdmin {
  constructor(
    private readonly store: DocumentStore,
    private readonly hasher: PasswordHasher,
    private readonly signupCode: string,
    private readonly clock: Clock,
  ) {}

  async execute(input: AdminRegister): Promise<{ message: string }> {
    // The route's schema checks this too; the use case keeps the rule for any other caller.
    const weak = newPasswordProblem(input.password);
    if (weak) throw new ValidationError(weak, { password: weak });
    // The code is checked before anything else so a stranger cannot even learn which names exist.
    if (!signupCodeMatches(input.uniquecode, this.signupCode)) throw new ForbiddenError(REGISTER_MESSAGES.wrongCode);
    const admins = this.store.collection<AdminAccount>(ADMINS);
    const nameKey = adminNameKey(input.name);
    if (await admins.findOne({ nameKey })) throw new ConflictError(REGISTER_MESSAGES.nameTaken);
    const account: AdminAccount = {
      _id: randomUUID(),
      name: input.name,
      nameKey,
      passwordHash: await this.hasher.hash(input.password),
      createdAt: this.clock.now().toISOString(),
    };
    try {
      await admins.insertOne(account);
    } catch (err) {
      // Two registrations racing for one name: the unique index decides.
      if (err instanceof DuplicateKeyError) throw new ConflictError(REGISTER_MESSAGES.nameTaken);
      throw err;
    }
    return { message: REGISTER_MESSAGES.registered };
  }
}
