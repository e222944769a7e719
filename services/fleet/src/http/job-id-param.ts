import type { Response } from 'express';
import { bookingIdParamsSchema } from '@vanhop/contracts';
import { validated } from '@vanhop/platform';

/** A job's `:id` (its booking's id), refused with one answer whatever was wrong with it. */
export const byJobId = validated(bookingIdParamsSchema, 'params', {
  invalid: { message: 'Invalid job id', fields: { id: 'Invalid job id' } },
});

/** The `:id` that `byJobId` let through. */
export const jobIdOf = (res: Response): string => byJobId.of(res).id;
