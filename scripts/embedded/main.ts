import { setFlagsFromString } from 'node:v8';
import { ConfigError, onShutdown, createLogger } from '@vanhop/platform';
import { startEmbedded } from './start-embedded.js';

// One process holds every service and the store's indexes (about 150 MB live with a year's
// bookings). V8 by default lets the heap grow to several times what its last full collection
// kept, so loading the collections left the process at 490 MB; growing it by 15% at a time keeps
// it near what is live (340 MB there) for slightly more frequent collections. A growth factor,
// not a ceiling: a larger data set still fits.
setFlagsFromString('--heap-growing-percent=15');

/** The demo drivers' portal password unless DEMO_DRIVER_PASSWORD says otherwise (documented in the README). */
const DEMO_DRIVER_PASSWORD_DEFAULT = 'vanhop-demo-driver';

try {
  // The demo's seeded drivers sign in to the portal with this password (README, "The two commands"), so a
  // declined job is handed on to them as it would be to real drivers. Only this demo entry sets it.
  const product = await startEmbedded({ DEMO_DRIVER_PASSWORD: DEMO_DRIVER_PASSWORD_DEFAULT, ...process.env });
  const line = '-'.repeat(60);
  console.log(
    `\n${line}\n VanHop is running (embedded mode)\n Open ${product.url}\n Health and metrics ${product.opsUrl}/health/ready ${product.opsUrl}/metrics\n Admin sign-up code: ${product.env.ADMIN_SIGNUP_CODE}\n Demo drivers' portal password: ${product.env.DEMO_DRIVER_PASSWORD || '(none)'}\n Outbox (e-mails): ${product.env.DATA_DIR}/outbox\n${line}\n`,
  );
  onShutdown(createLogger('embedded'), 15_000, () => product.stop());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  throw err;
}
