import { ConfigError, onShutdown, createLogger } from '@vanhop/platform';
import { startEmbedded } from './start-embedded.js';

try {
  const product = await startEmbedded(process.env);
  const line = '-'.repeat(60);
  console.log(
    `\n${line}\n VanHop is running (embedded mode)\n Open ${product.url}\n Health and metrics ${product.opsUrl}/health/ready ${product.opsUrl}/metrics\n Admin sign-up code: ${product.env.ADMIN_SIGNUP_CODE}\n Outbox (e-mails): ${product.env.DATA_DIR}/outbox\n${line}\n`,
  );
  onShutdown(createLogger('embedded'), 15_000, () => product.stop());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  throw err;
}
