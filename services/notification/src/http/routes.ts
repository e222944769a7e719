import type { Express } from 'express';
import { contactMessageSchema } from '@vanhop/contracts';
import { rateLimit, route, validated, type Cache } from '@vanhop/platform';
import type { SubmitContactMessage } from '../app/submit-contact-message.js';

const contactMessage = validated(contactMessageSchema, 'body', { what: 'Contact message' });

export function contactRoutes(
  app: Express,
  deps: { submit: SubmitContactMessage; cache: Cache; perHour: number },
): void {
  app.post(
    '/api/contact/sendemail',
    rateLimit(deps.cache, { name: 'contact', limit: deps.perHour, windowSeconds: 3600 }),
    contactMessage,
    route(async (req, res) => {
      await deps.submit.execute(contactMessage.of(res), req.id as string | undefined);
      res.json({ message: 'Thank you for your message. Our team will get back to you shortly.' });
    }),
  );
}
