import { DRIVER_MSG } from '@vanhop/contracts';
import { DomainError } from '@vanhop/platform';

/**
 * Another driver has this e-mail (whatever its case): drivers sign in to the portal with it, so it
 * is one driver's only. 409 like any clash with stored data, naming the field so the staff form
 * shows the words beside it.
 */
export class DriverEmailTakenError extends DomainError {
  constructor() {
    super(DRIVER_MSG.emailTaken, 409, 'email_taken', { errors: { email: DRIVER_MSG.emailTaken } });
  }
}
