import type { Response } from 'express';
import { driverIdParamsSchema } from '@vanhop/contracts';
import { validated } from '@vanhop/platform';

/** The staff Drivers routes' `:id`, refused with one answer whatever was wrong with it. */
export const byDriverId = validated(driverIdParamsSchema, 'params', {
  invalid: { message: 'Invalid driver id', fields: { id: 'Invalid driver id' } },
});

/** The `:id` that `byDriverId` let through. */
export const driverIdOf = (res: Response): string => byDriverId.of(res).id;
