import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { fixedHeaders } from './fixed-headers.js';

/** The web app's pages: its own scripts, Google Maps and Stripe.js, and their images, fonts and frames. */
const pagePolicy = {
  useDefaults: true,
  directives: {
    'script-src': ["'self'", 'https://maps.googleapis.com', 'https://js.stripe.com'],
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      'https://*.googleapis.com',
      'https://*.gstatic.com',
      'https://*.googleusercontent.com',
      'https://*.ggpht.com',
    ],
    'connect-src': ["'self'", 'https://maps.googleapis.com', 'https://api.stripe.com'],
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
  },
};

/**
 * `/api` answers are data, never a page to render: opened in a tab, they may load nothing and no
 * site may frame them. Stricter than the pages' policy, and a tenth of its 700 bytes on every API
 * answer. A service that serves a page under `/api` (the local test checkout) sends its own policy,
 * which replaces this one.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";
const apiPolicy = {
  useDefaults: false,
  directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
};

// As the gateway's `/api` mounts match it: case-insensitively.
const isApi = (path: string) => /^\/api(\/|$)/i.test(path);

/** Helmet's headers, worked out once for pages and once for `/api` answers (fixed-headers.ts). */
export function securityHeaders(): RequestHandler {
  const pages = fixedHeaders(helmet({ contentSecurityPolicy: pagePolicy }));
  const api = fixedHeaders(helmet({ contentSecurityPolicy: apiPolicy }));
  return (req, res, next) => (isApi(req.path) ? api : pages)(req, res, next);
}
