import type { Express } from 'express';
import { NotFoundError, route } from '@vanhop/platform';
import type { FindDriver } from '../app/find-driver.js';
import { byDriverId, driverIdOf } from './driver-id-param.js';
import { uploadedPhoto } from '../domain/driver-photo.js';

/**
 * Uploaded driver photos as images (`/api/driver-photos/:id?v=<version>`), so quotes carry a short
 * link instead of a 200 KB data URL per offer. Public like the offers that show them; the version
 * in the link changes with every driver edit, so the image may be cached for a day.
 */
export function driverPhotoRoutes(app: Express, deps: { drivers: FindDriver }): void {
  app.get(
    '/api/driver-photos/:id',
    byDriverId,
    route(async (_req, res) => {
      const driver = await deps.drivers.byId(driverIdOf(res));
      const photo = driver?.active ? uploadedPhoto(driver.photoUrl) : null;
      if (!photo) throw new NotFoundError('No photo for that driver');
      res
        .set({
          'Content-Type': photo.type,
          'Cache-Control': 'public, max-age=86400',
          'X-Content-Type-Options': 'nosniff',
        })
        .send(photo.bytes);
    }),
  );
}
