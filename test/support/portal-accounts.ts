/**
 * The automatic hand-on offers a job only to drivers who can answer online (a portal account). The
 * demo drivers have none until they accept an invitation; a system test about the hand-on opens
 * theirs as admin-auth announces it (DriverAccountOpened), without going through the invitations.
 */
import { TOPICS } from '@vanhop/contracts';
import { createEvent, systemClock } from '@vanhop/platform';
import { DEMO_DRIVERS } from '../../services/fleet/src/domain/demo-drivers.js';
import type { EmbeddedProduct } from '../../scripts/embedded/start-embedded.js';

export async function openDemoPortalAccounts(product: EmbeddedProduct): Promise<void> {
  for (const driver of DEMO_DRIVERS)
    await product.bus.publish(
      TOPICS.driverAccountOpened,
      await createEvent(
        TOPICS.driverAccountOpened,
        { driverId: driver._id, at: systemClock.now().toISOString() },
        { producer: 'admin-auth', clock: systemClock },
      ),
    );
  await product.bus.idle();
}
