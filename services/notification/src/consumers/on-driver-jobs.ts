import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { jobAcceptedOfficeEmail, jobOfferedDriverEmail } from '../domain/templates/driver-jobs.js';

/** JobOffered → the driver's offer mail. */
export const onJobOffered =
  (notifier: Notifier, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.jobOffered, event);
    await notifier.email(`job-offered.${eventId}.driver`, data.driver.email, jobOfferedDriverEmail(data, ctx));
  };

/** JobAccepted → the office's notice. */
export const onJobAccepted =
  (notifier: Notifier, officeEmail: string): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.jobAccepted, event);
    await notifier.email(`job-accepted.${eventId}.office`, officeEmail, jobAcceptedOfficeEmail(data));
  };
