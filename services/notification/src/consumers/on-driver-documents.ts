import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import type { TemplateContext } from '../domain/templates/email-content.js';
import { documentExpiringDriverEmail, documentExpiringOfficeEmail } from '../domain/templates/driver-documents.js';

/** DriverDocumentExpiring → the driver's reminder and the office's, each once per event. */
export const onDriverDocumentExpiring =
  (notifier: Notifier, officeEmail: string, ctx: TemplateContext): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.driverDocumentExpiring, event);
    await notifier.email(`document-expiring.${eventId}.driver`, data.driver.email, documentExpiringDriverEmail(data));
    await notifier.email(`document-expiring.${eventId}.office`, officeEmail, documentExpiringOfficeEmail(data, ctx));
  };
