import type { Response } from 'express';
import { internalDriverIdParamsSchema } from '@vanhop/contracts';
import { validated } from '@vanhop/platform';

/**
 * The internal driver routes' `:id`: any id a booking may carry, so another service asking about a
 * driver quote does not have gets 404, never a 400 it would read as its own mistake.
 */
export const byInternalDriverId = validated(internalDriverIdParamsSchema, 'params', {
  invalid: { message: 'Invalid driver id', fields: { id: 'Invalid driver id' } },
});

/** The `:id` that `byInternalDriverId` let through. */
export const internalDriverIdOf = (res: Response): string => byInternalDriverId.of(res).id;
