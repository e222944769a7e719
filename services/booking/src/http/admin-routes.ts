import type { Express } from 'express';
import type { DocumentStore } from '@vanhop/platform';

/** Staff routes (GET /api/backdata/all, DELETE /api/backdata/delete/:id); the gateway has checked the JWT. */
export function adminRoutes(_app: Express, _deps: { store: DocumentStore }): void {}
