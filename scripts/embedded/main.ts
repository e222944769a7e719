import { ConfigError, onShutdown, createLogger } from '@vanhop/platform';
import { startEmbedded } from './start-embedded.js';

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
