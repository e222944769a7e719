import type { Express } from 'express';
import { contactMessageSchema } from '@vanhop/contracts';
import { input, rateLimit, route, validated, type Cache } from '@vanhop/platform';
import type { SubmitContactMessage } from '../app/submit-contact-message.js';

export function contactRoutes(
  app: Express,
  deps: { submit: SubmitContactMessage; cache: Cache; perHour: number },
): void {
  app.post(
    '/api/contact/sendemail',
    rateLimit(deps.cache, { name: 'contact', limit: deps.perHour, windowSeconds: 3600 }),
    validated(contactMessageSchema, 'body', { what: 'Contact message' }),
    route(async (req, res) => {
      await deps.submit.execute(input(res, 'body', contactMessageSchema), req.id as string | undefined);
      res.json({ message: 'Thank you for your message. Our team will get back to you shortly.' });
    }),
  );
}
