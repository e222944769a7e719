import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs, one logger per service; secrets are redacted wherever they appear. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        'password1',
        'token',
        '*.password',
        'headers["stripe-signature"]',
      ],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
